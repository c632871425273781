# One image for every process of Up Front Builder: gunicorn, the Celery workers and beat, each
# started by scripts/serve.sh (README "Deployment", "Containers"; compose.yaml runs them).
# CI does not build this image (no Docker engine there); it runs scripts/serve.sh itself
# (tests/project/test_serve.py).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VENV=/app/.venv

# What WeasyPrint needs for the setup sheets: Pango, HarfBuzz's subsetter and a font (the
# runtime list of scripts/setup.sh, without gettext: the compiled catalogues are committed).
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# The pinned packages first: this layer is rebuilt only when requirements.txt changes.
COPY requirements.txt ./
RUN python -m venv "$VENV" && "$VENV/bin/pip" install -r requirements.txt

COPY . .
# Static files collected once, at build time, with their compressed copies (STATIC_ROOT,
# served by WhiteNoise); `serve.sh prepare` in the container then only migrates and loads the
# reference data (SERVE_COLLECTSTATIC=0). The key exists for this command only.
RUN SECRET_KEY=collectstatic-only "$VENV/bin/python" manage.py collectstatic --noinput -v 0

# The code stays root's and read-only to the app; only the setup sheets' directory is its own.
RUN useradd --system --uid 10001 --user-group --home-dir /nonexistent --shell /usr/sbin/nologin upfront \
    && mkdir -p /data/media \
    && chown upfront:upfront /data/media
USER upfront
ENV MEDIA_ROOT=/data/media \
    SERVE_COLLECTSTATIC=0 \
    ADDRESS=0.0.0.0 \
    PORT=8000
VOLUME ["/data/media"]
EXPOSE 8000

# Processes as arguments: none for all four, or one per container (web, worker, pdf-worker,
# beat; `prepare` migrates and loads the reference data, then exits).
ENTRYPOINT ["scripts/serve.sh"]
CMD []
