import type { Access } from '~/server/auth/access';
import type { Db } from '~/server/db/client';
import { callLogs, carValuations, customerReviews, outboundMessages, purchasedVehicles } from '~/server/db/schema';
import { newValuationReference } from '~/server/features/valuations';

/**
 * Who may call each route (OWASP Authorization Testing Automation): every route the app
 * registers, API, pages and files alike, keyed "METHOD /url" as Fastify's route table names it.
 * A route missing from here, or declaring a different access, fails the authorization tests
 * (src/server/auth/authorization.test.ts, test/suites/authorization-matrix.test.ts), so each new
 * endpoint is a deliberate decision. Fastify answers HEAD on every GET route with the same access;
 * the tests check that rather than list each HEAD here.
 */
export const apiRouteAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/vehicle/:registration': 'public',
  'GET /api/dvla-info/:registration': 'admin',
  'GET /api/distance/:postcode': 'admin',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/user': 'signedIn',
  'POST /api/auth/change-password': 'signedIn',
  'GET /api/admin/users': 'admin',
  'POST /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'GET /api/admin/messages': 'admin',
  'GET /api/admin/messages/:id': 'admin',
  'GET /api/admin/messages/:id/html': 'admin',
  'GET /api/admin/messages/:id/attachments/:index': 'admin',
  'POST /api/admin/messages/:id/retry': 'admin',
  'POST /api/admin/messages/test': 'admin',
  'GET /api/openapi.json': 'admin',
  'GET /api/reference': 'admin',
  'POST /api/valuations': 'public',
  // The seller's photo calls: no session, the upload token (Bearer) is checked in each handler (404 without it).
  'GET /api/valuations/:id': 'public',
  'POST /api/valuations/:id/photos': 'public',
  'GET /api/valuations/:id/photos/:photoPath': 'public',
  'DELETE /api/valuations/:id/photos/:photoPath': 'public',
  // The seller's page's calls (issue 34): no session, the seller's cookie is checked in each handler
  // (404 without it, as for a request that does not exist); test/suites/seller-access.test.ts tries
  // them with other sellers' and stale secrets.
  'GET /api/your-valuation': 'public',
  'POST /api/your-valuation/offer/accept': 'public',
  'POST /api/your-valuation/offer/decline': 'public',
  'POST /api/your-valuation/offer/fresh': 'public',
  'POST /api/your-valuation/messages': 'public',
  'POST /api/your-valuation/lost-link': 'public',
  'GET /api/your-valuation/photos': 'public',
  'POST /api/your-valuation/photos': 'public',
  'GET /api/your-valuation/photos/:photoPath': 'public',
  'DELETE /api/your-valuation/photos/:photoPath': 'public',
  // The seller's damage markers (issue 35), opened by the same cookie.
  'GET /api/your-valuation/damage': 'public',
  'POST /api/your-valuation/damage': 'public',
  'PATCH /api/your-valuation/damage/:markerId': 'public',
  'DELETE /api/your-valuation/damage/:markerId': 'public',
  // The seller's documents (issue 35), opened by the same cookie; staff check them.
  'GET /api/your-valuation/documents': 'public',
  'POST /api/your-valuation/documents/:kind': 'public',
  'PUT /api/your-valuation/documents/keys': 'public',
  'GET /api/your-valuation/documents/:documentId/file': 'public',
  // Collection day (issue 36): the seller books, moves or cancels with the same cookie; staff for any request.
  'GET /api/your-valuation/collection': 'public',
  'PUT /api/your-valuation/collection': 'public',
  'DELETE /api/your-valuation/collection': 'public',
  'PUT /api/admin/valuations/:id/collection': 'admin',
  'DELETE /api/admin/valuations/:id/collection': 'admin',
  'GET /api/admin/collections': 'admin',
  'PUT /api/admin/collections/settings': 'admin',
  'PUT /api/admin/collections/days/:date': 'admin',
  'DELETE /api/admin/collections/days/:date': 'admin',
  'GET /api/admin/collections/days/:date/sheet': 'admin',
  'GET /api/admin/valuations/:id/documents': 'admin',
  'GET /api/admin/valuations/:id/documents/:documentId/file': 'admin',
  'POST /api/admin/valuations/:id/documents/:documentId/verify': 'admin',
  'POST /api/admin/valuations/:id/documents/:documentId/reject': 'admin',
  'POST /api/admin/valuations/:id/documents/request': 'admin',
  // The finance settlement (issue 36): staff confirm it from the settlement letter.
  'GET /api/admin/valuations/:id/finance': 'admin',
  'PUT /api/admin/valuations/:id/finance': 'admin',
  // Collection day at the door (issue 36): the handover, the payment and the receipt; the seller's
  // receipt is behind their cookie (checked in the handler, as the seller's other calls).
  'GET /api/admin/valuations/:id/handover': 'admin',
  'POST /api/admin/valuations/:id/handover': 'admin',
  'POST /api/admin/valuations/:id/payment': 'admin',
  'GET /api/admin/valuations/:id/receipt': 'admin',
  'GET /api/your-valuation/receipt': 'public',
  // The launch vouchers owed after completed sales (issue 36).
  'GET /api/admin/vouchers': 'admin',
  'POST /api/admin/vouchers/:id/sent': 'admin',
  // Evidenced price revisions (issue 37): staff keep the deductions table and propose revisions with
  // photos; the seller answers with their cookie (checked in the handler, as the seller's other calls).
  'GET /api/admin/deductions': 'admin',
  'POST /api/admin/deductions': 'admin',
  'PUT /api/admin/deductions/:id': 'admin',
  'POST /api/admin/deductions/:id/move': 'admin',
  'POST /api/admin/deductions/:id/retire': 'admin',
  'POST /api/admin/deductions/:id/restore': 'admin',
  'GET /api/admin/valuations/:id/revisions': 'admin',
  'POST /api/admin/valuations/:id/revisions': 'admin',
  'POST /api/admin/valuations/:id/revisions/:revisionId/withdraw': 'admin',
  'POST /api/admin/valuations/:id/revision-photos': 'admin',
  'GET /api/admin/valuations/:id/revision-photos/:photoId': 'admin',
  'POST /api/your-valuation/revision/accept': 'public',
  'POST /api/your-valuation/revision/decline': 'public',
  'GET /api/your-valuation/revision-photos/:photoId': 'public',
  // The staff pipeline (issue 37): owners, contacts logged, and the 24-hour promise.
  'GET /api/admin/staff': 'admin',
  'GET /api/admin/valuations/promise': 'admin',
  'GET /api/admin/valuations/:id/pipeline': 'admin',
  'PUT /api/admin/valuations/:id/owner': 'admin',
  'POST /api/admin/valuations/:id/claim': 'admin',
  'POST /api/admin/valuations/:id/contacts': 'admin',
  // The CSV downloads (issue 37): the filtered list and the completed purchases, sellers' personal data.
  'GET /api/admin/valuations/export.csv': 'admin',
  'GET /api/admin/purchases/export.csv': 'admin',
  'POST /api/valuations/:id/messages': 'admin',
  // The back office's valuation lists, stats and archive actions (issue 11).
  'GET /api/valuations/active': 'admin',
  'GET /api/valuations/archived': 'admin',
  'GET /api/admin/valuations/stats': 'admin',
  // The board (issue 37): the open requests by stage; its moves use the status and contact calls.
  'GET /api/admin/valuations/board': 'admin',
  'GET /api/admin/valuations/:id': 'admin',
  'GET /api/admin/valuations/:id/flags': 'admin',
  'POST /api/valuations/:id/offer': 'admin',
  'POST /api/valuations/:id/send-to-dealer': 'admin',
  'GET /api/valuations/:id/preview-pdf': 'admin',
  'PATCH /api/valuations/:id/status': 'admin',
  'POST /api/valuations/:id/withdraw-marketing-consent': 'admin',
  'GET /api/admin/valuations/:id/photos/:photoPath': 'admin',
  'POST /api/valuations/:id/archive': 'admin',
  'POST /api/valuations/:id/unarchive': 'admin',
  'DELETE /api/valuations/:id': 'admin',
  'GET /api/admin/valuations/:id/deletion-summary': 'admin',
  // Customer reviews (issue 12): anyone reads the published ones and submits one; staff moderate.
  'GET /api/reviews': 'public',
  'POST /api/reviews': 'public',
  'GET /api/admin/reviews': 'admin',
  'PATCH /api/admin/reviews/:id/approve': 'admin',
  'PATCH /api/admin/reviews/:id/reject': 'admin',
  'PATCH /api/admin/reviews/:id/publish': 'admin',
  'PATCH /api/admin/reviews/:id/unpublish': 'admin',
  // Data-protection complaints (issue 18): anyone sends one from the contact page; staff read and resolve them.
  'POST /api/complaints': 'public',
  'GET /api/admin/complaints': 'admin',
  'PATCH /api/admin/complaints/:id/resolve': 'admin',
  // Data requests (issue 18): staff find, export and erase what is held about a person (POST bodies only).
  'POST /api/admin/data-requests/search': 'admin',
  'POST /api/admin/data-requests/export': 'admin',
  'POST /api/admin/data-requests/erase': 'admin',
  'GET /api/admin/data-requests/log': 'admin',
  // Recently purchased vehicles (issue 13): anyone sees the visible ones; staff manage them.
  'GET /api/purchased-vehicles': 'public',
  'GET /api/admin/purchased-vehicles': 'admin',
  'POST /api/admin/purchased-vehicles': 'admin',
  'PUT /api/admin/purchased-vehicles/:id': 'admin',
  'DELETE /api/admin/purchased-vehicles/:id': 'admin',
  'POST /api/admin/purchased-vehicles/:id/photos': 'admin',
  'DELETE /api/admin/purchased-vehicles/:id/photos/:photoId': 'admin',
  // Visitor analytics (issue 15): the back-forward-cache beacon is anyone's; the reports are staff's.
  'POST /api/analytics/collect': 'public',
  'GET /api/analytics/daily-stats': 'admin',
  'GET /api/analytics/locations': 'admin',
  'GET /api/analytics/pages': 'admin',
  // Phone calls (issue 16): staff's log and controls. Twilio's webhooks are anyone's, but each
  // handler refuses a request without Twilio's signature (features/calls/calls.test.ts).
  'GET /api/calls': 'admin',
  'GET /api/calls/stats': 'admin',
  'GET /api/calls/setup': 'admin',
  'PATCH /api/calls/:callSid/notes': 'admin',
  'POST /api/calls/make': 'admin',
  'POST /api/calls/:callSid/answer': 'admin',
  'POST /api/calls/hangup': 'admin',
  'GET /api/calls/:callSid/recording': 'admin',
  'GET /api/twilio/test': 'admin',
  'GET /api/audio/files': 'admin',
  'POST /api/audio/upload': 'admin',
  'DELETE /api/audio/:type': 'admin',
  'POST /api/twilio/call-webhook': 'public',
  'POST /api/twilio/hold': 'public',
  'POST /api/twilio/queue-exit': 'public',
  'POST /api/twilio/voicemail': 'public',
  'POST /api/twilio/voicemail-recorded': 'public',
  'POST /api/twilio/answer-result': 'public',
  'POST /api/twilio/status-callback': 'public',
  'POST /api/twilio/recording-status': 'public',
  // The server data of the public pages the browser moves to (render/page-routes.ts).
  'GET /api/page-data': 'public',
};

/**
 * The files of the client build the tests serve (@fastify/static makes one route per file of
 * dist/client at start-up, all public through registerWithAccess). A real build has more, with
 * hashed names; these stand for them.
 */
export const builtFiles: Record<string, string> = {
  '/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  '/assets/entry-test.js': 'console.log("built")',
};

/** Everything outside /api: public uploads, the build's files, the SEO files, the ad artwork and the pages. */
export const otherRouteAccess: Record<string, Access> = {
  // Purchased vehicles' photos and staff's voice messages for Twilio: public by design (app.ts).
  'GET /uploads/*': 'public',
  ...Object.fromEntries(Object.keys(builtFiles).map((file) => [`GET ${file}`, 'public' as const])),
  'GET /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'GET /site.webmanifest': 'public',
  'GET /social-media-ads/facebook.svg': 'public',
  'GET /social-media-ads/instagram.svg': 'public',
  'GET /social-media-ads/linkedin.svg': 'public',
  'GET /social-media-ads/twitter.svg': 'public',
  'GET /social-media-ads/google-banner.svg': 'public',
  // Every page, the back office's included: /admin/* is the same shell for everyone, holding no
  // data; the shell asks GET /api/auth/user and shows the sign-in form on its 401.
  'GET /*': 'public',
  // The public forms posted without JavaScript (render/page-forms.ts): complaints and reviews.
  'POST /contact': 'public',
  'POST /reviews/write': 'public',
  // Where our links to the seller point: exchanges the secret for the seller's cookie (issue 34).
  'GET /your-valuation/open': 'public',
  'POST /your-valuation/lost-link': 'public',
  // The seller's page's own forms, posted without JavaScript; the seller's cookie is checked first.
  'POST /your-valuation': 'public',
};

export const routeAccess: Record<string, Access> = { ...apiRouteAccess, ...otherRouteAccess };

/**
 * Unsafe routes that take requests from other sites on purpose (`config.allowCrossSite`), each
 * with why that is safe. Nothing else may skip the CSRF check.
 */
export const crossSiteRoutes: Record<string, string> = Object.fromEntries(
  [
    'call-webhook',
    'hold',
    'queue-exit',
    'voicemail',
    'voicemail-recorded',
    'answer-result',
    'status-callback',
    'recording-status',
  ].map((hook) => [
    `POST /api/twilio/${hook}`,
    "Twilio's servers post it, with no cookie; the handler refuses any request without Twilio's signature",
  ]),
);

/**
 * Private details of staff, sellers and callers that only an admin may read. None may appear in
 * any answer to anyone else (the public pages and lists included).
 */
export const secrets = {
  adminFirstName: 'Bartholomew',
  adminEmail: 'xanthippe.staff@example.com',
  sellerLastName: 'Quillfeather',
  sellerEmail: 'zephyrine.seller@example.com',
  sellerPhone: '07700 900777',
  messageSubject: 'Offer for Zephyrine',
  pendingReview: 'Unmoderated grumble about Marmaduke',
  hiddenVehicle: 'Hidden Vauxhall of Ottoline',
  callNotes: 'Caller Peregrine wants a callback',
  callerNumber: '+447700900555',
};

export type Ids = {
  user: number;
  valuation: string;
  message: string;
  review: number;
  vehicle: number;
  callSid: string;
};

/** A route's sample addresses, naming the seeded rows so a missing check would hand them over. */
export function samplePaths(key: string, ids: Ids): string[] {
  const url = key.split(' ')[1]!;
  if (url === '/*') return ['/', '/valuation', '/admin', `/admin/valuations/${ids.valuation}`];
  if (url === '/uploads/*') return ['/uploads/purchased-vehicles/no-such-photo.webp'];
  if (url === '/api/page-data') return ['/api/page-data?path=%2F'];
  // Which table an :id names, by the route's address; the rest are valuations'.
  const owner = (
    [
      ['/api/admin/users/', ids.user],
      ['/messages/', ids.message],
      ['/reviews/', ids.review],
      ['/purchased-vehicles/', ids.vehicle],
    ] as const
  ).find(([part]) => url.includes(part));
  const id = owner ? owner[1] : ids.valuation;
  const values: Record<string, string> = {
    id: String(id),
    callSid: ids.callSid,
    registration: 'LM68XYZ',
    postcode: 'LN110LQ',
    photoPath: 'photo.jpg',
    photoId: 'photo',
    index: '0',
    type: 'hold',
    kind: 'v5c',
  };
  return [url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? 'sample')];
}

/** Rows only an admin may see, holding the secrets; returns their ids for the sample addresses. */
export async function seedPrivateRows(db: Db, userId: number): Promise<Ids> {
  const [valuation] = await db
    .insert(carValuations)
    .values({
      reference: newValuationReference(),
      registration: 'LM68XYZ',
      mileage: 45_000,
      firstName: 'Zephyrine',
      lastName: secrets.sellerLastName,
      postcode: 'LN11 0LQ',
      email: secrets.sellerEmail,
      phone: secrets.sellerPhone,
      agreeToContact: true,
    })
    .returning();
  const [message] = await db
    .insert(outboundMessages)
    .values({
      channel: 'email',
      recipient: secrets.sellerEmail,
      subject: secrets.messageSubject,
      textBody: `Dear Zephyrine ${secrets.sellerLastName}`,
      templateName: 'valuation-offer',
      valuationId: valuation!.id,
    })
    .returning();
  const [review] = await db
    .insert(customerReviews)
    .values({
      customerName: 'Marmaduke',
      email: 'marmaduke@example.com',
      rating: 1,
      reviewTitle: 'Pending',
      reviewText: secrets.pendingReview,
    })
    .returning();
  const [vehicle] = await db
    .insert(purchasedVehicles)
    .values({ make: 'Vauxhall', model: 'Corsa', year: 2015, description: secrets.hiddenVehicle, isVisible: false })
    .returning();
  const callSid = `CA${'1'.repeat(32)}`;
  await db.insert(callLogs).values({
    callSid,
    fromNumber: secrets.callerNumber,
    toNumber: '+441632960000',
    status: 'completed',
    direction: 'inbound',
    notes: secrets.callNotes,
  });
  return {
    user: userId,
    valuation: valuation!.id,
    message: message!.id,
    review: review!.id,
    vehicle: vehicle!.id,
    callSid,
  };
}
