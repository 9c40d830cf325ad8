/**
 * What other features may use of the valuation request's public side: the photo area, which the
 * seller's own page (features/public/your-valuation) opens with the seller's cookie. The area's
 * code stays a chunk of its own, fetched only when opened.
 */
export type { PhotoAccess, SellerPhoto } from './photo-api';
export { listPhotos } from './photo-api';
export { photoCount } from './photo-selection';
export const loadPhotoUpload = () => import('./components/photo-upload');
