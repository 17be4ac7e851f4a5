// The only place that reads process.env. Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isPublicKeyLine } from '@shared/public-key-line';

/** A setting that cannot be used; its message names the variable and is meant to be printed alone. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface Config {
  port: number;
  host: string;
  /** Holds the SQLite file, uploads/, backups/ and the generated JWT secret. */
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  backupsDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  /** How long a login token lives, in seconds (at least MIN_TOKEN_LIFETIME_SECONDS). */
  tokenLifetimeSeconds: number;
  /** Which peers may tell the client's address in X-Forwarded-For (TRUST_PROXY). */
  trustProxy: TrustProxy;
  timeouts: Timeouts;
  /** Open connections one address may hold at once; a trusted proxy gets PROXY_CONNECTIONS_FACTOR times as many. */
  maxConnectionsPerAddress: number;
  seedDemo: boolean;
  /** Built SPA (client/dist); served when it exists. */
  clientDir: string;
  logLevel: string;
  /** Daily backups kept in backupsDir; 0 turns the daily backup off. */
  dailyBackupsKept: number;
  /** Public keys ("ed25519:...") whose content bundles this site applies, besides those set in the dashboard. */
  contentTrustedKeys: string[];
  /** Private key that signs the content bundles made here (headquarters); used only when the file exists. */
  contentSigningKeyFile: string;
  /** This site's name on the figures it sends to headquarters and on the bundles it makes (the dashboard may override it). */
  officeName: string | undefined;
  /**
   * The site's public origin (https://example.org) for canonical addresses, link previews, the
   * sitemap and the feeds; undefined: taken from each request's Host.
   */
  publicUrl: string | undefined;
}

const DEFAULT_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** A shorter token would expire between two clicks, and 0 would mean tokens that never work. */
export const MIN_TOKEN_LIFETIME_SECONDS = 60;

/**
 * false: the socket's address is the client (no proxy). hops: trust that many proxies in front,
 * whatever their address. proxies: trust only peers in these addresses or CIDR ranges.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** In milliseconds. Measured and explained in README ("Timeouts and connection limits"). */
export interface Timeouts {
  /** Until the request's headers are complete (slow-header clients). */
  headersMs: number;
  /** A socket on which no byte moves either way is closed (stalled bodies, idle clients). */
  idleMs: number;
  /** Until the whole request, body included, is received: bounds a client that trickles bytes. */
  requestMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { headersMs: 20_000, idleMs: 30_000, requestMs: 15 * 60_000, keepAliveMs: 5_000 };
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 100;
/** Words proxy-addr (Fastify's trustProxy) and our own check both understand. */
export const TRUST_PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'] as const;

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseFlag(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase());
}

function parsePositiveInt(raw: string | undefined, fallback: number, name: string, minimum = 1): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) throw new ConfigError(`${name} must be an integer of at least ${minimum}, got "${raw}"`);
  return value;
}

/** Seconds, fractions allowed (tests run the timeouts scaled down), answered in milliseconds. */
function parseSeconds(raw: string | undefined, fallbackMs: number, name: string): number {
  if (raw === undefined || raw === '') return fallbackMs;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new ConfigError(`${name} must be a positive number of seconds, got "${raw}"`);
  return Math.round(seconds * 1000);
}

function isAddressOrRange(entry: string): boolean {
  if ((TRUST_PROXY_KEYWORDS as readonly string[]).includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/0/false: no proxy. 1/true: one proxy hop. N: N hops. Otherwise a
 * comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return { hops: 1 };
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : { hops: Number(value) };
  const proxies = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const wrong = proxies.filter((entry) => !isAddressOrRange(entry));
  if (proxies.length === 0 || wrong.length > 0) {
    throw new ConfigError(`TRUST_PROXY must be a number of proxy hops or a comma-separated list of addresses, CIDR ranges or ${TRUST_PROXY_KEYWORDS.join('/')}; "${wrong.join(', ') || raw}" is neither`);
  }
  return { proxies };
}

function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const timeouts: Timeouts = {
    headersMs: parseSeconds(env.HEADERS_TIMEOUT_SECONDS, DEFAULT_TIMEOUTS.headersMs, 'HEADERS_TIMEOUT_SECONDS'),
    idleMs: parseSeconds(env.IDLE_TIMEOUT_SECONDS, DEFAULT_TIMEOUTS.idleMs, 'IDLE_TIMEOUT_SECONDS'),
    requestMs: parseSeconds(env.REQUEST_TIMEOUT_SECONDS, DEFAULT_TIMEOUTS.requestMs, 'REQUEST_TIMEOUT_SECONDS'),
    keepAliveMs: parseSeconds(env.KEEP_ALIVE_TIMEOUT_SECONDS, DEFAULT_TIMEOUTS.keepAliveMs, 'KEEP_ALIVE_TIMEOUT_SECONDS'),
  };
  // Node refuses a headers timeout above the request timeout; say so in our own words.
  if (timeouts.headersMs > timeouts.requestMs) throw new ConfigError('HEADERS_TIMEOUT_SECONDS must not be above REQUEST_TIMEOUT_SECONDS');
  return timeouts;
}

function parseNonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer`);
  return value;
}

/** PUBLIC_URL as an origin without a trailing slash; only http(s) and no path, query or credentials. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute address such as https://example.org, got "${raw}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`PUBLIC_URL must be an http(s) origin without path, query or credentials, got "${raw}"`);
  }
  return url.origin;
}

/** Reads JWT_SECRET, or a secret generated once and kept in the data folder. */
function resolveJwtSecret(envSecret: string | undefined, dataDir: string): string {
  if (envSecret) return envSecret;
  const secretFile = path.join(dataDir, 'jwt-secret');
  if (existsSync(secretFile)) return readFileSync(secretFile, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretFile, secret, { mode: 0o600 });
  return secret;
}

/** CONTENT_TRUSTED_KEYS: public keys separated by commas, spaces or new lines. */
function parseKeyList(raw: string | undefined): string[] {
  const keys = (raw ?? '').split(/[\s,]+/).filter((key) => key !== '');
  for (const key of keys) {
    if (!isPublicKeyLine(key)) throw new Error(`CONTENT_TRUSTED_KEYS holds "${key}", which is not a public key line (ed25519:... as npm run content -- keygen prints it)`);
  }
  return [...new Set(keys)];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { dataDir, databaseFile, backupsDir } = dataLocation(env);
  mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });

  return {
    port: parsePort(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile,
    uploadsDir,
    backupsDir,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
    tokenLifetimeSeconds: parsePositiveInt(env.TOKEN_LIFETIME_SECONDS, DEFAULT_TOKEN_LIFETIME_SECONDS, 'TOKEN_LIFETIME_SECONDS', MIN_TOKEN_LIFETIME_SECONDS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    timeouts: parseTimeouts(env),
    maxConnectionsPerAddress: parsePositiveInt(env.MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, 'MAX_CONNECTIONS_PER_ADDRESS'),
    seedDemo: parseFlag(env.SEED_DEMO, true),
    clientDir: path.resolve(env.CLIENT_DIR || path.join(process.cwd(), 'client', 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    dailyBackupsKept: parseNonNegativeInt(env.DAILY_BACKUPS_KEPT, 7, 'DAILY_BACKUPS_KEPT'),
    contentTrustedKeys: parseKeyList(env.CONTENT_TRUSTED_KEYS),
    contentSigningKeyFile: path.resolve(env.CONTENT_SIGNING_KEY || path.join(dataDir, 'content-signing-key.pem')),
    officeName: env.OFFICE_NAME?.trim() || undefined,
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
  };
}

/**
 * Where DATA_DIR keeps the database, without creating anything: the recovery command must not
 * quietly make an empty site when DATA_DIR points at the wrong folder.
 */
export function dataLocation(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'databaseFile' | 'backupsDir'> {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return { dataDir, databaseFile: path.join(dataDir, 'site.db'), backupsDir: path.join(dataDir, 'backups') };
}

/**
 * Where the single executable writes the files it carries (native addons, web client, API
 * documentation) at its first start: UNPACK_DIR, by default DATA_DIR/unpacked.
 */
export function unpackLocation(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.UNPACK_DIR || path.join(dataLocation(env).dataDir, 'unpacked'));
}

/**
 * OPEN_BROWSER: whether the server opens the site in the default browser once it listens. The
 * caller gives the default (the single executable on Windows, started by a double-click: yes).
 */
export function opensBrowser(byDefault: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  return parseFlag(env.OPEN_BROWSER, byDefault);
}

/** A copy safe to log: secrets are redacted. */
export function redactConfig(config: Config): Record<string, unknown> {
  return { ...config, jwtSecret: '[redacted]', adminPassword: config.adminPassword ? '[redacted]' : undefined };
}
