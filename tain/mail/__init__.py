"""Email: the outbox (rows written with the change, delivered after commit) and the game's messages."""
