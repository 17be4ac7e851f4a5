// Which Node.js lines the site runs on. better-sqlite3 13 needs Node 22 or later, and Node 20
// reached its end of life in April 2026, so an older Node is refused with one clear line
// instead of a native crash deep inside the database driver. Plain JavaScript: `npm start`
// (scripts/start.mjs) checks with it before anything is built, and the server checks again.

export const SUPPORTED_NODE = 'Node.js 22 (22.12 or later) or 24 and later';

/** The refusal to print, or null when this Node version is supported. */
export function unsupportedNodeMessage(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const supported = major >= 24 || (major === 22 && minor >= 12);
  if (supported) return null;
  return `This site needs ${SUPPORTED_NODE}; this is Node.js ${version}. Install a supported Node.js (see README, "Set-up") and start it again.`;
}

/** Prints the refusal and exits with code 1 on an unsupported Node. */
export function exitUnlessSupportedNode() {
  const message = unsupportedNodeMessage();
  if (message) {
    console.error(message);
    process.exit(1);
  }
}
