"""Series (系列赛/联赛, docs/rules.md §18): events counted together by a points table, each
player's best N events."""
