// The request target as the rest of the server reads it: always a path. HTTP/1.1 servers must
// accept the absolute form (`GET http://example.org/about HTTP/1.1`, RFC 9112 §3.2.2); Fastify
// routes it by its path but left `request.url` absolute, so a canonical address became
// `http://127.0.0.1http://evil.example/about`. The scheme and authority a client writes there are
// dropped: addresses are built from PUBLIC_URL or the Host header (src/modules/pages/origin.ts).

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** `http://host/path?query` -> `/path?query`; any other target is returned as it is. */
export function originFormOf(target: string): string {
  if (target.startsWith('/')) return target;
  const authority = ABSOLUTE_FORM.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
