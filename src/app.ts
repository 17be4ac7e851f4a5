// buildApp() assembles the server; it never listens. npm start, the Electron app and every
// test use this same function.
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrator';
import { apiError, messages } from './errors';
import { apiModules } from './modules';
import auditPlugin from './modules/audit/plugin';
import { runStartupTasks } from './startup';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/database';
import type { PageRenderer } from './modules/pages/renderer';
import pagesPlugin from './modules/pages/routes';
import { installErrorHandler } from './plugins/error-handler';
import { installHttpCaching } from './plugins/http-cache';
import { installSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';
import { serializerCompiler } from './plugins/serialization';
import { SharedWindowStore } from './plugins/shared-rate-store';
import { validatorCompiler } from './plugins/validation';

/** JSON bodies above this answer 413 (docs/api-contract.md). */
export const JSON_BODY_LIMIT = 1024 * 1024;

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

export interface BuildOptions {
  /** Pino logger options; false silences the log (tests). */
  logger?: boolean | object;
  /** The server render to use instead of the built one in CLIENT_DIR (tests render from the sources). */
  pageRenderer?: PageRenderer;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const handle = openDatabase(config.databaseFile);
  try {
    await migrateToLatest(handle, config.backupsDir);
  } catch (error) {
    await handle.close();
    throw error;
  }

  const app = Fastify({
    logger: loggerOptions(options.logger, config.logLevel),
    // One log line per request costs a small office machine CPU and disk: only at LOG_LEVEL=debug.
    disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Finish requests in flight on close, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app);
  // Before compression: validators are computed on the plain body.
  installHttpCaching(app);

  await app.register(databasePlugin, { handle });
  await app.register(auditPlugin);
  await app.register(authPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, {
    global: false,
    store: SharedWindowStore,
    errorResponseBuilder: () => apiError(429, messages.tooManyRequests),
  });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Anti-trafficking information site API', version: '1.0.0', description: 'Public and staff API. Errors: { message, errors: [{ messageEn, messageAr, field }] }.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(async (api) => {
    for (const module of apiModules) await api.register(module);
  }, { prefix: '/api' });

  await registerStaticFiles(app);
  await app.register(pagesPlugin, { renderer: options.pageRenderer });
  await runStartupTasks(app);
  await app.ready();
  return app;
}
