"""What every API under ``/api/`` shares: the error path, the JSON parser, the OpenAPI schema.

* ``problems``: the one exception handler; every API error is an RFC 9457 problem document.
* ``parsers``: the JSON parser, which enforces the one request size limit.
* ``openapi``: the OpenAPI description: the interchange documents as components (from the
  engine's JSON Schemas) and the schema generator that lists each operation's error statuses.
"""
