// buildApp() assembles the server; it never listens. npm start, the Electron app and every
// test use this same function.
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type SynchronousMode } from './db/connection';
import { migrateToLatest } from './db/migrator';
import { apiModules } from './modules';
import { JSON_BODY_LIMIT } from './shared/body-limits';
import postServicesPlugin from './modules/posts/plugin';
import repositoriesPlugin from './modules/repositories';
import uploadWidthsPlugin from './modules/uploads/plugin';
import dailyDigestsPlugin from './modules/visitor/plugin';
import { runStartupTasks } from './startup';
import apiDocsPlugin from './plugins/api-docs';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/database';
import { isTrustedPeer, trustFunctionOf } from './plugins/client-address';
import { limitConnectionsPerAddress, type ConnectionCounts } from './plugins/connection-limit';
import { answerClientError, answerRouterError, installErrorHandler } from './plugins/error-handler';
import rateLimitsPlugin from './plugins/rate-limits';
import type { PageRenderer } from './modules/pages/renderer';
import pagesPlugin from './modules/pages/routes';
import { installHttpCaching } from './plugins/http-cache';
import { installSecurityHeaders } from './plugins/security-headers';
import { MAX_PATH_SEGMENT_CHARS, originFormOf, refuseOverlongAddresses } from './plugins/request-target';
import { registerStaticFiles } from './plugins/static-files';
import { serializerCompiler } from './plugins/serialization';
import { validatorCompiler } from './plugins/validation';

export { JSON_BODY_LIMIT } from './shared/body-limits';

/**
 * Visitors may be at risk: the request log keeps the method and path only, never their address
 * nor the query string (search keywords).
 */
const privacyLogSerializers = {
  req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?')[0] }),
};

function loggerOptions(logger: boolean | object | undefined, level: string): boolean | object {
  if (logger === false) return false;
  const base = typeof logger === 'object' ? logger : { level };
  return { ...base, serializers: { ...(base as { serializers?: object }).serializers, ...privacyLogSerializers } };
}

/** How often Node checks the headers and request timeouts (its default, 30 s, would let them overrun by that much). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_SEGMENT_CHARS };

declare module 'fastify' {
  interface FastifyInstance {
    /** Open connections per address (the cap of config.maxConnectionsPerAddress). */
    connectionCounts: ConnectionCounts;
  }
}

export interface BuildOptions {
  /** Pino logger options; false silences the log (tests). */
  logger?: boolean | object;
  /** Only for the write benchmark; the server always runs FULL. */
  synchronous?: SynchronousMode;
  /** The server render to use instead of the built one in CLIENT_DIR (tests render from the sources). */
  pageRenderer?: PageRenderer;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle = openDatabase(config.databaseFile, options.synchronous);
  try {
    await migrateToLatest(handle, config.backupsDir);
  } catch (error) {
    await handle.close();
    throw error;
  }

  const trust = trustFunctionOf(config.trustProxy);
  const { timeouts } = config;
  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    // One log line per request costs a small office machine CPU and disk: only at LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trust ?? false,
    // Finish requests in flight on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    routerOptions: ROUTER_OPTIONS,
    // Every route, hook and page sees a path, never an absolute-form target.
    rewriteUrl: (raw) => originFormOf(raw.url ?? '/'),
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('connectionCounts', limitConnectionsPerAddress(app.server, {
    maxPerAddress: config.maxConnectionsPerAddress,
    isProxy: (address) => isTrustedPeer(trust, address),
  }));

  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseOverlongAddresses(app);
  installSecurityHeaders(app);
  // Before compression: validators are computed on the plain body.
  installHttpCaching(app);

  await app.register(databasePlugin, { handle });
  await app.register(repositoriesPlugin);
  await app.register(uploadWidthsPlugin);
  await app.register(postServicesPlugin);
  await app.register(dailyDigestsPlugin);
  await app.register(authPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimitsPlugin);
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Anti-trafficking information site API', version: '1.0.0', description: 'Public and staff API. Errors: { message, errors: [{ messageEn, messageAr, field }] }.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  // Its page and files (swagger-ui) load with the first request for them.
  await app.register(apiDocsPlugin, { routerOptions: ROUTER_OPTIONS });

  await app.register(async (api) => {
    for (const module of apiModules) await api.register(module);
  }, { prefix: '/api' });

  await registerStaticFiles(app);
  await app.register(pagesPlugin, { renderer: options.pageRenderer });
  await runStartupTasks(app);
  await app.ready();
  return app;
}
