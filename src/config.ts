// The only place that reads process.env. Everything else receives a Config.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isPublicKeyLine } from './content-bundles/keys';

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
  /** Public keys ("ed25519:...") whose content bundles this site applies, besides those set in the dashboard. */
  contentTrustedKeys: string[];
  /** Private key that signs the content bundles made here (headquarters); used only when the file exists. */
  contentSigningKeyFile: string;
  /** This site's name on the figures it sends to headquarters and on the bundles it makes (the dashboard may override it). */
  officeName: string | undefined;
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
    tokenLifetimeSeconds: parseNonNegativeInt(env.TOKEN_LIFETIME_SECONDS, DEFAULT_TOKEN_LIFETIME_SECONDS, 'TOKEN_LIFETIME_SECONDS'),
    trustProxy: parseFlag(env.TRUST_PROXY, false),
    seedDemo: parseFlag(env.SEED_DEMO, true),
    clientDir: path.resolve(env.CLIENT_DIR || path.join(process.cwd(), 'client', 'dist')),
    logLevel: env.LOG_LEVEL || 'info',
    dailyBackupsKept: parseNonNegativeInt(env.DAILY_BACKUPS_KEPT, 7, 'DAILY_BACKUPS_KEPT'),
    contentTrustedKeys: parseKeyList(env.CONTENT_TRUSTED_KEYS),
    contentSigningKeyFile: path.resolve(env.CONTENT_SIGNING_KEY || path.join(dataDir, 'content-signing-key.pem')),
    officeName: env.OFFICE_NAME?.trim() || undefined,
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

/** A copy safe to log: secrets are redacted. */
export function redactConfig(config: Config): Record<string, unknown> {
  return { ...config, jwtSecret: '[redacted]', adminPassword: config.adminPassword ? '[redacted]' : undefined };
}
