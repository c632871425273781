"""The bin: deleted scenarios and libraries kept, hidden, for ``BIN_DAYS``; what a library's
deletion gives back to other players (docs/deletion.md). Leaving and the data export are the
account's (``scenarios.account``)."""
