#!/bin/sh
# Puts one backup made by deploy/backup.sh back: deploy/restore.sh BACKUP_DIR/<time>
# Stop the site first (systemctl stop hope-behind-bars); start it again afterwards.
#   SQLite:      DATA_DIR/hope.sqlite is replaced (the old one is kept as hope.sqlite.before-restore)
#   PostgreSQL:  with DATABASE_URL set, the dump is restored into that database, which must be
#                empty (dropdb and createdb it first): tables a newer release added would stay
#                behind in a database restored over, and its next upgrade would trip on them
#   uploads:     DATA_DIR/uploads is made equal to the backup's (files not in it are moved aside
#                into DATA_DIR/uploads.before-restore)
# Migrations run when the site starts, so a backup of an older release restores and upgrades.
set -eu
backup="${1:?usage: deploy/restore.sh <backup folder>}"
: "${DATA_DIR:?DATA_DIR is not set}"
[ -d "$backup" ] || { echo "restore: no such backup folder: $backup" >&2; exit 1; }
mkdir -p "$DATA_DIR"

if [ -n "${DATABASE_URL:-}" ]; then
  [ -f "$backup/database.dump" ] || { echo "restore: $backup has no database.dump (a PostgreSQL backup)" >&2; exit 1; }
  tables="$(psql "$DATABASE_URL" -Atc "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
  if [ "$tables" != 0 ]; then
    echo "restore: the database in DATABASE_URL has $tables tables: restore into an empty one (dropdb and createdb it first)" >&2
    exit 1
  fi
  pg_restore --no-owner --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$backup/database.dump"
else
  [ -f "$backup/database.sqlite" ] || { echo "restore: $backup has no database.sqlite (a SQLite backup)" >&2; exit 1; }
  # The old database's write-ahead log goes with it (SQLite finds it by the file's name).
  for suffix in "" -wal -shm; do
    if [ -f "$DATA_DIR/hope.sqlite$suffix" ]; then mv "$DATA_DIR/hope.sqlite$suffix" "$DATA_DIR/hope.sqlite.before-restore$suffix"; fi
  done
  cp "$backup/database.sqlite" "$DATA_DIR/hope.sqlite.restoring"
  mv "$DATA_DIR/hope.sqlite.restoring" "$DATA_DIR/hope.sqlite"
fi

if [ -f "$backup/session-secret" ] && [ ! -f "$DATA_DIR/session-secret" ]; then
  cp -p "$backup/session-secret" "$DATA_DIR/session-secret"
fi

if [ -d "$backup/uploads" ]; then
  rsync -a --delete --backup --backup-dir="$DATA_DIR/uploads.before-restore" "$backup/uploads/" "$DATA_DIR/uploads/"
fi
echo "restore: $backup restored into ${DATABASE_URL:+the PostgreSQL database and }$DATA_DIR"
