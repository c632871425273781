#!/usr/bin/env bash
# The production processes of Up Front Builder, in the foreground, configured from the
# environment (README "Deployment"):
#
#   scripts/serve.sh prepare             migrate, load_reference, collectstatic; then exit
#   scripts/serve.sh [--prepare] [PROCESS ...]
#
# PROCESS is web (gunicorn), worker (Celery, queue `celery`), pdf-worker (Celery, the setup
# sheets' queue, recycling its processes) or beat (the outbox sweep; run ONE per site); all
# four when none is named (or SERVE_PROCESSES="web worker"). --prepare (or SERVE_PREPARE=1)
# runs the preparation first: every step is idempotent, but collectstatic compresses every
# static file again (minutes on two cores), so it is a step of each release, not of each start.
#
# Several processes are supervised together: SIGINT or SIGTERM stops them all (SIGTERM to
# each, SIGKILL to what is left after SERVE_STOP_TIMEOUT seconds) and exits 0 if all stopped
# in time; if one of them exits by itself, the others are stopped and serve.sh exits non-zero.
# A single process replaces serve.sh (exec): its signals and exit status are its own.
set -euo pipefail
cd "$(dirname "$0")/.."

say() {
  echo "serve.sh $(date -u +%H:%M:%S): $*"
}

die() {
  echo "serve.sh: $*" >&2
  exit 2
}

truthy() {
  # As settings.env_bool: 1, true, yes, on (any case).
  case "${1,,}" in 1 | true | yes | on) return 0 ;; *) return 1 ;; esac
}

prepare=0
if truthy "${SERVE_PREPARE:-}"; then prepare=1; fi
names=()
for arg in "$@"; do
  case "$arg" in
    --prepare) prepare=1 ;;
    -h | --help) sed -n '2,17s/^# \{0,1\}//p' "$0" && exit 0 ;;
    *) names+=("$arg") ;;
  esac
done
if [ "${#names[@]}" = 0 ]; then
  IFS=', ' read -r -a names <<<"${SERVE_PROCESSES:-web worker pdf-worker beat}"
fi
processes=()
for name in "${names[@]}"; do
  case "$name" in
    prepare) prepare=1 ;;
    web | worker | pdf-worker | beat) processes+=("$name") ;;
    *) die "unknown process '$name' (web, worker, pdf-worker, beat; or prepare, --prepare)" ;;
  esac
done

# --- Production only --------------------------------------------------------------------------
if truthy "${DEBUG:-}"; then
  die "DEBUG is on: serve.sh runs production processes only (scripts/run.sh is for development)"
fi
if truthy "${TESTING:-}"; then
  die "TESTING is on: it belongs to the test suite (plain static files), not to a server"
fi
[ -n "${SECRET_KEY:-}" ] || die "set SECRET_KEY (a long random string, the same for every process)"
if [ -z "${CELERY_BROKER_URL:-${REDIS_URL:-}}" ]; then
  for name in "${processes[@]}"; do
    [ "$name" = web ] || die "$name needs a broker: set REDIS_URL (or CELERY_BROKER_URL)"
  done
fi

VENV="${VENV:-$PWD/.venv}"
python="$VENV/bin/python"
[ -x "$python" ] || die "no virtualenv at $VENV (run scripts/setup.sh, or set VENV)"

# --- Preparation (idempotent) -----------------------------------------------------------------
if [ "$prepare" = 1 ]; then
  say "preparing: migrate, load_reference, collectstatic"
  "$python" manage.py migrate --noinput
  "$python" manage.py load_reference
  if truthy "${SERVE_COLLECTSTATIC:-1}"; then
    "$python" manage.py collectstatic --noinput --verbosity 1
  else
    say "collectstatic skipped (SERVE_COLLECTSTATIC=0: collected when the image was built)"
  fi
fi
[ "${#processes[@]}" -gt 0 ] || exit 0

# --- The processes ----------------------------------------------------------------------------
loglevel="${CELERY_LOG_LEVEL:-INFO}"
command_of() {
  case "$1" in
    web)
      # upfront/gunicorn_conf.py: the loaded app frozen out of the collector's way.
      cmd=("$VENV/bin/gunicorn" upfront.wsgi --config python:upfront.gunicorn_conf
        --bind "${ADDRESS:-127.0.0.1}:${PORT:-8000}"
        --workers "${WEB_CONCURRENCY:-3}"
        --timeout "${GUNICORN_TIMEOUT:-30}"
        --access-logfile - --error-logfile - --no-control-socket) ;;
    worker)
      cmd=("$VENV/bin/celery" -A upfront worker -Q celery -n "general-$$@%h"
        --concurrency "${WORKER_CONCURRENCY:-2}" --loglevel "$loglevel") ;;
    pdf-worker)
      # WeasyPrint's memory grows with use: recycle the rendering processes (docs/jobs.md).
      cmd=("$VENV/bin/celery" -A upfront worker -Q "${JOB_PDF_QUEUE:-pdf}" -n "pdf-$$@%h"
        --concurrency "${PDF_WORKER_CONCURRENCY:-1}"
        --max-tasks-per-child "${PDF_MAX_TASKS_PER_CHILD:-100}"
        --max-memory-per-child "${PDF_MAX_MEMORY_PER_CHILD:-400000}"
        --loglevel "$loglevel") ;;
    beat)
      # The schedule is one interval (the outbox sweep): nothing worth keeping across starts.
      cmd=("$VENV/bin/celery" -A upfront beat --loglevel "$loglevel"
        --schedule "${CELERY_BEAT_SCHEDULE_FILE:-$beat_dir/celerybeat-schedule}") ;;
  esac
}

beat_dir=""
for name in "${processes[@]}"; do
  if [ "$name" = beat ] && [ -z "${CELERY_BEAT_SCHEDULE_FILE:-}" ]; then
    beat_dir="$(mktemp -d "${TMPDIR:-/tmp}/upfront-beat.XXXXXX")"
  fi
done

if [ "${#processes[@]}" = 1 ]; then
  command_of "${processes[0]}"
  say "${processes[0]}: ${cmd[*]}"
  exec "${cmd[@]}" </dev/null
fi

# Each process in its own process group (job control): a stop reaches a Celery worker's pool
# processes too, and Ctrl-C in a terminal reaches serve.sh only, which then stops them all.
set -m
pids=()
declare -A name_of=()
stop_requested=""
trap 'stop_requested=INT' INT
trap 'stop_requested=TERM' TERM

for name in "${processes[@]}"; do
  command_of "$name"
  "${cmd[@]}" </dev/null &
  pids+=("$!")
  name_of[$!]="$name"
  say "$name (pid $!): ${cmd[*]}"
done

alive() {
  # A process group with members left (the leader, or pool processes it left behind).
  kill -0 -- "-$1" 2>/dev/null
}

stop_all() {
  local pid deadline forced=0
  set +m # the groups stay as they are; no "Terminated" notices from the shell
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  deadline=$((SECONDS + ${SERVE_STOP_TIMEOUT:-30}))
  for pid in "${pids[@]}"; do
    while alive "$pid" && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
    if alive "$pid"; then
      say "${name_of[$pid]} (pid $pid) still running: SIGKILL" >&2
      kill -KILL -- "-$pid" 2>/dev/null || true
      forced=1
    fi
  done
  wait 2>/dev/null || true
  [ -z "$beat_dir" ] || rm -rf "$beat_dir"
  return "$forced"
}

while :; do
  died=""
  status=0
  if [ -z "$stop_requested" ]; then
    # Returns when a process exits, or at once when a trapped signal arrives (status > 128).
    set +e
    wait -n -p died "${pids[@]}"
    status=$?
    set -e
  fi
  if [ -n "$stop_requested" ]; then
    say "SIG$stop_requested: stopping ${processes[*]}"
    if stop_all; then exit 0; fi
    exit 1
  fi
  if [ -n "$died" ]; then
    say "${name_of[$died]} (pid $died) exited with status $status: stopping the others" >&2
    # What the dead process left in its group (a worker's pool) goes too.
    kill -KILL -- "-$died" 2>/dev/null || true
    stop_all || true
    exit $((status == 0 ? 1 : status))
  fi
done
