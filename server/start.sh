#!/bin/sh
# Starts the site with the memory settings it is sized for; they only take effect when given before
# Node starts, so `npm start`, `npm run serve` and the test and bench harnesses all start it through
# this file (docs/decisions/0140-memory-and-fast-start.md). On a host with plenty of memory the
# defaults let one process grow far beyond what a 1 GB server has:
# - glibc gives each thread that allocates (libuv's pool, libvips encoding an upload) its own malloc
#   arena and seldom returns their pages: two arenas keep an upload from adding ~300 MB for good.
# - V8 sizes its heap from the machine's memory (a 128 MB young generation and 4x old-space growth
#   on 24 GB): fixed sizes make it collect the garbage of a burst of page renders instead. 8 MB
#   semi-spaces held 5-35 MB less than 16 MB after a burst, at the same answers per second and
#   upload latency (docs/decisions/0555-smaller-young-generation.md).
# - A server that allocates slowly gets V8's smallest heap growth (1.1x), so a live heap of ~65 MB
#   ran a full collection (10-25 ms on the main thread) after every ~7 MB that outlived a request:
#   five to eight while one upload was processed. 1.5x leaves room for ~30 MB
#   (docs/decisions/0549-keep-answers-until-purged.md).
# Also: Node keeps the compiled code of every module (and the TypeScript it stripped) for the next
# start, which takes a third less work then. Node checks each entry against its source.
root="$(cd "$(dirname "$0")/.." && pwd)"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$root/node_modules/.cache/node-compile-cache}"
exec node --max-semi-space-size=8 --max-old-space-size=256 --heap-growing-percent=50 "$root/server/main.ts" "$@"
