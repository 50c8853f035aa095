"""Pictures drawn on the server as SVG (issue 47): progress and pace of a round, a pair's
rank over the rounds, the standings' top places over the rounds. Plain geometry in, SVG
text out; the pages embed it within their strict CSP (no script, no external file)."""
