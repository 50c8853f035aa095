"""Writes to the database: each service is one transaction with an audit entry."""
