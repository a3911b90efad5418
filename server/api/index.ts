import type { FastifyInstance } from "fastify";
import accountRoutes from "./account.routes.ts";
import activityRoutes from "./activity.routes.ts";
import adminListsRoutes from "./admin-lists.routes.ts";
import authRoutes from "./auth.routes.ts";
import blogRoutes from "./blogs.routes.ts";
import consentRoutes from "./consent.routes.ts";
import donationsRoutes from "./donations.routes.ts";
import donorWallRoutes from "./donor-wall.routes.ts";
import emailSeriesRoutes from "./email-series.routes.ts";
import fundsRoutes from "./funds.routes.ts";
import galleryRoutes from "./gallery.routes.ts";
import givingRoutes from "./giving.routes.ts";
import healthRoutes from "./health.routes.ts";
import insightRoutes from "./insight.routes.ts";
import messagesRoutes from "./messages.routes.ts";
import newslettersRoutes from "./newsletters.routes.ts";
import apiNotFoundRoutes from "./not-found.routes.ts";
import offlineGiftsRoutes from "./offline-gifts.routes.ts";
import passwordResetRoutes from "./password-reset.routes.ts";
import paymentsRoutes from "./payments.routes.ts";
import peopleRoutes from "./people.routes.ts";
import peopleRequestsRoutes from "./people-requests.routes.ts";
import picturesRoutes from "./pictures.routes.ts";
import privacyRoutes from "./privacy.routes.ts";
import publicationRoutes from "./publications.routes.ts";
import receiptsRoutes from "./receipts.routes.ts";
import secondFactorRoutes from "./second-factor.routes.ts";
import siteContentRoutes from "./site-content.routes.ts";
import staffRoutes from "./staff.routes.ts";
import subscribersRoutes from "./subscribers.routes.ts";
import translationRoutes from "./translations.routes.ts";
import videosRoutes from "./videos.routes.ts";
import volunteersRoutes from "./volunteers.routes.ts";

/** Every API route module. A feature adds one line here. */
export const apiRouteModules: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  staffRoutes,
  passwordResetRoutes,
  accountRoutes,
  secondFactorRoutes,
  videosRoutes,
  subscribersRoutes,
  newslettersRoutes,
  emailSeriesRoutes,
  volunteersRoutes,
  messagesRoutes,
  blogRoutes,
  publicationRoutes,
  galleryRoutes,
  picturesRoutes,
  consentRoutes,
  paymentsRoutes,
  donationsRoutes,
  donorWallRoutes,
  fundsRoutes,
  offlineGiftsRoutes,
  receiptsRoutes,
  peopleRoutes,
  peopleRequestsRoutes,
  insightRoutes,
  givingRoutes,
  siteContentRoutes,
  translationRoutes,
  activityRoutes,
  adminListsRoutes,
  privacyRoutes,
  apiNotFoundRoutes,
];
