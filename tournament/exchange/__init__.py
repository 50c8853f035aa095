"""The results exchange file (成绩交换文件, docs/exchange.md): an event's results as versioned
JSON, exported at the venue, imported on the association's server, and sent there by itself."""
