"""What a public page shows when shared (issue 47): link previews (Open Graph), share cards
and the event poster as PNG (and PDF), with the QR code back to the page. Nothing on a card
that the public page would not show."""
