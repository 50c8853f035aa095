"""Player ratings from 2-v-2 tables (pure: no Django; plain data in and out)."""
