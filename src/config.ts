// The only place that reads process.env. Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  /** How long a login token lives, in seconds. */
  tokenLifetimeSeconds: number;
  trustProxy: boolean;
  seedDemo: boolean;
  /** Built SPA (client/dist); served when it exists. */
  clientDir: string;
  logLevel: string;
  /** Daily backups kept in backupsDir; 0 turns the daily backup off. */
  dailyBackupsKept: number;
  /**
   * The site's public origin (https://example.org) for canonical addresses, link previews, the
   * sitemap and the feeds; undefined: taken from each request's Host.
   */
  publicUrl: string | undefined;
}

const DEFAULT_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

function parseFlag(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw.trim().toLowerCase());
}

function parseNonNegativeInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  const backupsDir = path.join(dataDir, 'backups');
  mkdirSync(uploadsDir, { recursive: true });

  return {
    port: parsePort(env.PORT, 3000),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseFile: path.join(dataDir, 'site.db'),
    uploadsDir,
    backupsDir,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, dataDir),
    tokenLifetimeSeconds: parseNonNegativeInt(env.TOKEN_LIFETIME_SECONDS, DEFAULT_TOKEN_LIFETIME_SECONDS, 'TOKEN_LIFETIME_SECONDS'),
    trustProxy: parseFlag(env.TRUST_PROXY, false),
    seedDemo: parseFlag(env.SEED_DEMO, true),
    clientDir: path.resolve(env.CLIENT_DIR || path.join(process.cwd(), 'client', 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    dailyBackupsKept: parseNonNegativeInt(env.DAILY_BACKUPS_KEPT, 7, 'DAILY_BACKUPS_KEPT'),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
  };
}

/** A copy safe to log: secrets are redacted. */
export function redactConfig(config: Config): Record<string, unknown> {
  return { ...config, jwtSecret: '[redacted]', adminPassword: config.adminPassword ? '[redacted]' : undefined };
}
