/** What other features may use of the recently purchased feature (see eslint.config.js). */
export { HOME_VEHICLES_SHOWN, type HomeVehicles, type PublicPurchasedVehicle } from './purchased-vehicle';
export { VehicleGrid } from './vehicle-card';
