// `content <command>`: signed content bundles from headquarters to field offices, and field
// offices' figures back. DATA_DIR chooses the data (default ./data). Exit codes: 0 done, 1 refused
// or failed (nothing was changed), 2 wrong usage.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseInUse } from '../backup/server-lock';
import { loadConfig, type Config } from '../config';
import { ContentChanges } from '../content-changes';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrator';
import { ApiError, type BilingualMessage } from '../errors';
import { exportBundle } from '../modules/content-bundles/export';
import { BUNDLE_KINDS } from '../modules/content-bundles/format';
import { importBundle, type ImportReport } from '../modules/content-bundles/import';
import { generateSigningKey, isReadableByOthers, loadSigningKey } from '../modules/content-bundles/keys';
import { BundleRefusedError, bundleMessages, refusalLines, refused } from '../modules/content-bundles/messages';
import { bundleSiteOf, DEFAULT_SOURCE_NAME, trustedKeysOf, type BundleSite } from '../modules/content-bundles/site';
import { importFigures, writeFiguresFile } from '../modules/office-figures/figures-file';
import { postServices } from '../modules/posts/plugin';
import { buildRepositories, type Repositories } from '../modules/repositories';
import { UploadWidths } from '../modules/uploads/widths';
import { siteNameOf } from '../modules/settings/site-name';
import { machineActor } from '../modules/users/recovery';
import { commandName } from './command-name';

const usage = () => `usage: ${commandName('content')} <command>     (DATA_DIR=... chooses the data, default ./data)

  keygen [--out <file>]                      headquarters, once: make the signing key (default: CONTENT_SIGNING_KEY,
                                             else DATA_DIR/content-signing-key.pem) and print the public key offices trust
  export --out <file> [--since <id>|last]    headquarters: a signed bundle of all published content, or of what
         [--source <name>]                   changed since bundle <id> ("last": the newest one made here)
  import <file>                              field office: check and apply a bundle (stop the server first,
                                             or use Dashboard > Content bundles while it runs)
  export-stats --out <file> [--office <n>]   field office: this office's daily figures for headquarters
  import-stats <file>                        headquarters: add a field office's figures (the same file twice counts once)`;

class UsageError extends Error {}

/** There is no logged-in user: the audit log names the machine and system account, as npm run users does. */
const CLI_ACTOR = machineActor('command line');

/** The server's repositories and services over this command's own connection (no server runs meanwhile for an import). */
async function withDatabase<T>(config: Config, work: (site: BundleSite, repositories: Repositories) => Promise<T>): Promise<T> {
  const handle = openDatabase(config.databaseFile);
  try {
    await migrateToLatest(handle, config.backupsDir);
    const changes = new ContentChanges();
    const repositories = buildRepositories(handle.db, handle.sqlite, changes);
    const { publicPosts } = postServices(repositories.posts, changes, new UploadWidths(config.uploadsDir, changes));
    const site = bundleSiteOf({ repositories, publicPosts, audit: repositories.audit, contentChanges: changes, db: handle.db, sqlite: handle.sqlite });
    return await work(site, repositories);
  } finally {
    await handle.close();
  }
}

function describeImport(report: ImportReport): string[] {
  const lines = [`applied bundle ${report.bundleId} from ${report.sourceName} (made ${report.createdAt}${report.baseBundleId ? `, continues ${report.baseBundleId}` : ', full'})`];
  for (const kind of BUNDLE_KINDS) {
    const { added, updated, deleted, unchanged } = report.changes[kind];
    lines.push(`  ${kind.padEnd(10)} ${added} added, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged`);
  }
  lines.push(`  files      ${report.files.copied} copied, ${report.files.alreadyPresent} already here`);
  if (report.keptDrafts > 0) lines.push(`  ${report.keptDrafts} post(s) kept as they are: this office holds them as drafts`);
  if (report.keptOwn > 0) lines.push(`  ${report.keptOwn} item(s) kept as they are: this office made them itself`);
  if (report.replacedCities.length > 0) lines.push(`  replaced this office's own cities of the same name: ${report.replacedCities.join(', ')}`);
  return lines;
}

/** A refusal's words in both languages: a bundle's reason, or the first error of a refused figures file. */
function reasonOf(error: BundleRefusedError | ApiError): BilingualMessage {
  if (error instanceof BundleRefusedError) return error.reason;
  const [first] = error.errors;
  return { en: first?.messageEn ?? error.message, ar: first?.messageAr ?? error.message };
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is missing`);
  return value;
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { out: { type: 'string' }, since: { type: 'string' }, source: { type: 'string' }, office: { type: 'string' } },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const config = loadConfig();

  switch (command) {
    case 'keygen': {
      const file = path.resolve(values.out ?? config.contentSigningKeyFile);
      if (existsSync(file)) throw new Error(`${file} exists already: a new key would make every office refuse your bundles until they trust it. Remove the file first if that is what you want.`);
      const key = generateSigningKey(file);
      console.log(`private key written: ${file} (readable by you only; keep it secret and back it up)`);
      console.log(`public key written:  ${file}.pub`);
      console.log('give field offices this line (Dashboard > Content bundles > Trusted keys, or CONTENT_TRUSTED_KEYS):');
      console.log(key.publicKeyLine);
      return;
    }
    case 'export': {
      const out = path.resolve(required(values.out, '--out <file>'));
      if (existsSync(out)) throw new Error(`${out} exists already`);
      if (!existsSync(config.contentSigningKeyFile)) throw new Error(`no signing key at ${config.contentSigningKeyFile}: run ${commandName('content')} keygen once (or set CONTENT_SIGNING_KEY)`);
      if (isReadableByOthers(config.contentSigningKeyFile)) console.warn(`warning: ${config.contentSigningKeyFile} can be read by other users: chmod 600 it`);
      const signingKey = loadSigningKey(config.contentSigningKeyFile);
      await withDatabase(config, async (site) => {
        const written = await exportBundle(out, site, {
          databaseFile: config.databaseFile, uploadsDir: config.uploadsDir, signingKey, since: values.since ?? null,
          sourceName: values.source?.trim() || (await siteNameOf(config, site.settings)) || DEFAULT_SOURCE_NAME,
        });
        const { manifest } = written;
        console.log(`bundle written: ${written.file}`);
        console.log(`  id ${manifest.bundleId}${manifest.baseBundleId ? `, changes since ${manifest.baseBundleId}` : ', full'}`);
        console.log(`  ${BUNDLE_KINDS.map((kind) => `${manifest.counts[kind]} ${kind}`).join(', ')}, ${manifest.counts.tombstones} removal(s), ${manifest.counts.files} file(s)`);
        if (written.missingFiles.length > 0) console.warn(`  not included (missing here, or not an image or PDF): ${written.missingFiles.join(', ')}`);
      });
      return;
    }
    case 'import': {
      const archive = path.resolve(required(positionals[0], '<file>'));
      if (!existsSync(archive)) throw new Error(`${archive} does not exist`);
      if (databaseInUse(config.databaseFile)) throw refused(409, bundleMessages.serverRunning);
      await withDatabase(config, async (site) => {
        const report = await importBundle(archive, site, {
          dataDir: config.dataDir, databaseFile: config.databaseFile, uploadsDir: config.uploadsDir, trustedKeys: await trustedKeysOf(config, site.settings), actor: CLI_ACTOR,
        });
        for (const line of describeImport(report)) console.log(line);
      });
      return;
    }
    case 'export-stats': {
      const out = path.resolve(required(values.out, '--out <file>'));
      if (existsSync(out)) throw new Error(`${out} exists already`);
      await withDatabase(config, async (site, { officeFigures }) => {
        const office = values.office?.trim() || (await siteNameOf(config, site.settings));
        if (!office) throw new UsageError('name this office: --office <name>, OFFICE_NAME, or Dashboard > Content bundles');
        const figures = writeFiguresFile(out, office, await officeFigures.transaction(() => officeFigures.localFigures()));
        console.log(`figures of ${figures.office} written: ${out} (export ${figures.exportId}, days ${figures.fromDay} to ${figures.toDay})`);
      });
      return;
    }
    case 'import-stats': {
      const file = path.resolve(required(positionals[0], '<file>'));
      if (!existsSync(file)) throw new Error(`${file} does not exist`);
      await withDatabase(config, async (_site, { officeFigures, audit }) => {
        const report = await importFigures(officeFigures, readFileSync(file));
        if (report.alreadyImported) {
          console.log(`figures ${report.exportId} of ${report.office} were imported before: nothing changed`);
          return;
        }
        await audit.record(CLI_ACTOR, 'create', 'office-figures', report.exportId, { office: report.office, days: `${report.fromDay}..${report.toDay}` }, report.office);
        console.log(`figures of ${report.office} added (export ${report.exportId}, days ${report.fromDay} to ${report.toDay})`);
      });
      return;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  }
}

/** Exit code: 0 done, 1 refused or failed (nothing was changed), 2 wrong usage. */
export async function contentCommand(args: string[]): Promise<number> {
  try {
    await run(args);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage()}`);
      return 2;
    }
    if (error instanceof BundleRefusedError || error instanceof ApiError) {
      for (const line of refusalLines(reasonOf(error))) console.error(line);
    } else {
      console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    return 1;
  }
}
