"""Players across events (选手档案, docs/rules.md §18): linking an event's registration rows to
persons, suggested matches, merge and unmerge, hiding, and the public player page."""
