#!/bin/sh
# One backup of the site into BACKUP_DIR/<UTC time>/, then removes all but the newest BACKUP_KEEP.
#   database.sqlite  SQLite's online backup (npm run backup), safe while the site runs
#   database.dump    PostgreSQL (DATABASE_URL set): pg_dump's custom format, for pg_restore
#   session-secret   DATA_DIR/session-secret, when the site generated one (no SESSION_SECRET set):
#                    authenticator apps are set up under it
#   uploads/         DATA_DIR/uploads; files there never change once written, so each backup
#                    hard-links the ones the previous backup already holds and copies only new ones
# With STORAGE=s3 the uploads live in the bucket: back that up with the store's own tools.
# Restore with deploy/restore.sh (docs/deploy.md, "Restore").
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
: "${DATA_DIR:?DATA_DIR is not set}"
: "${BACKUP_DIR:?BACKUP_DIR is not set}"
keep="${BACKUP_KEEP:-14}"
case "$keep" in '' | *[!0-9]* | 0) echo "BACKUP_KEEP must be a whole number above 0" >&2; exit 1 ;; esac

stamp="$(date -u +%Y-%m-%dT%H%M%S.%NZ)"
target="$BACKUP_DIR/$stamp"
partial="$BACKUP_DIR/.partial-$stamp"
previous="$(find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -type d -name '20*' 2>/dev/null | sort | tail -n 1)"
mkdir -p "$partial"
trap 'rm -rf "$partial"' EXIT

if [ -n "${DATABASE_URL:-}" ]; then
  # PG_DUMP_OPTIONS: e.g. `--schema=name` when the site's tables are not in the default schema.
  # shellcheck disable=SC2086
  pg_dump --format=custom --no-owner ${PG_DUMP_OPTIONS:-} --file="$partial/database.dump" "$DATABASE_URL"
else
  (cd "$root" && node server/backup-cli.ts "$partial/database.sqlite" >/dev/null)
fi

if [ -f "$DATA_DIR/session-secret" ]; then cp -p "$DATA_DIR/session-secret" "$partial/session-secret"; fi

if [ "${STORAGE:-local}" = local ] && [ -d "$DATA_DIR/uploads" ]; then
  if [ -n "$previous" ] && [ -d "$previous/uploads" ]; then
    rsync -a --link-dest="$previous/uploads/" "$DATA_DIR/uploads/" "$partial/uploads/"
  else
    rsync -a "$DATA_DIR/uploads/" "$partial/uploads/"
  fi
fi

# A backup only counts once it is complete: the rename is what makes it visible.
mv "$partial" "$target"
trap - EXIT
find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -type d -name '20*' | sort | head -n "-$keep" | while read -r old; do
  rm -rf "$old"
done
echo "backup: $target"
