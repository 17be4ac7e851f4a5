// How large a request body may be.

/** JSON bodies above this answer 413 (docs/api-contract.md). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * The routes anyone may call with a body (login, rating, page-view event) take a few hundred
 * bytes; above this they answer 413 before the body is read, so an anonymous client cannot make
 * the server parse a megabyte of JSON (90,000 keys cost a few hundred ms of CPU to parse).
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;
