"""A player's account as the site keeps it: the former member who keeps what departed players
left to others, the usernames nobody may take, leaving (the account's deletion) and the data
export (docs/deletion.md). The doors live with the app's (``scenarios/views/account.py``,
``scenarios/api/account.py``, ``scenarios/admin.py``), never inside."""
