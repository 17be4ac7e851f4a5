// Every API module, registered under /api. One folder per resource.
import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audit/routes';
import healthRoutes from './health/routes';
import usersRoutes from './users/routes';
import postsRoutes from './posts/routes';
import uploadsRoutes from './uploads/routes';
import ratingRoutes from './rating/routes';
import visitorRoutes from './visitor/routes';
import eventsRoutes from './events/routes';
import settingsRoutes from './settings/routes';
import contentRoutes from './content/routes';
import mapsRoutes from './maps/routes';
import contactRoutes from './contact/routes';
import emergencyRoutes from './emergency/routes';
import contentBundlesRoutes from './content-bundles/routes';
import officeFiguresRoutes from './office-figures/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  usersRoutes,
  postsRoutes,
  uploadsRoutes,
  auditRoutes,
  ratingRoutes,
  visitorRoutes,
  eventsRoutes,
  settingsRoutes,
  contentRoutes,
  mapsRoutes,
  contactRoutes,
  emergencyRoutes,
  contentBundlesRoutes,
  officeFiguresRoutes,
];
