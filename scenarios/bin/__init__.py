"""The bin: deleted scenarios and libraries kept, hidden, for ``BIN_DAYS``; what a library's
deletion gives back to other players; a player's export and account deletion
(docs/deletion.md)."""
