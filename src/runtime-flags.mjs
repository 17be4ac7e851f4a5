// The V8 settings the server runs with, wherever it starts: `npm start` (package.json), the systemd
// unit, the single executable (its execArgv) and the kiosk's server process. Kept in one place;
// scripts/runtime-flags.test.ts checks that each of those passes them.
//
// Why: under load V8 lets the young generation (where every request's short-lived objects are
// made) grow to 128 MB on a 64-bit machine, and keeps it. Capped at 4 MB a semi-space (8 MB in
// all), the server peaks near 200 MB instead of 340-450 MB and rests at about 113 MB instead of
// 128 MB, for the same CPU per request within the noise (docs/decisions.md, "Memory that fits a
// small box: a young generation of 8 MB"). The heap is bounded at 256 MB for a 1 GB machine
// ("A 256 MB heap for the server"): work that does not fit fails alone, the machine never swaps.
// Allocation-site pretenuring is off: in some processes (3 of 26 fresh starts measured, most
// bench:api runs on a quiet machine) V8 went on promoting about 5 kB of every request's objects
// and collecting the old generation every 1,500 requests, for the process's whole life: 0.03-0.04
// CPU-ms more on every request. Without pretenuring no start did (docs/decisions.md, "The API's
// post read: a server in two modes").

/** Node's command-line options for the server process. */
export const SERVER_V8_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=256', '--no-allocation-site-pretenuring'];

// glibc's malloc keeps an arena per thread that allocates (the main thread, libuv's pool compressing
// pages and reading files, the content bundles' worker) and returns little of them: with two, the server
// peaks about 20 MB lower under page loads for the same CPU (docs/decisions.md, "Memory that fits a
// small box: two malloc arenas"). Read by glibc when the process starts, so it is set in the
// process's environment: the systemd units, the kiosk's server process, and `npm start`, which
// starts itself again with it (scripts/start.mjs). Other C libraries ignore it.

/** Environment variables the server process starts with (a value the operator set is kept). */
export const SERVER_ENVIRONMENT = { MALLOC_ARENA_MAX: '2' };
