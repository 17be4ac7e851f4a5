// Makes the audit log available to every module as app.audit.
import fp from 'fastify-plugin';
import { AuditRepository } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditRepository;
  }
}

export default fp(async (app) => {
  app.decorate('audit', new AuditRepository(app.db));
}, { name: 'audit', dependencies: ['database'] });
