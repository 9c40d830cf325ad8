/**
 * A purchased vehicle as the public pages show it (SPEC section 3): visible ones only, without the
 * registration or the price paid. Types only: the schemas stay out of the public pages' JavaScript.
 */
export type {
  HomeVehicles,
  PublicPurchasedVehicle,
  PublicVehiclePage,
  VehiclePhoto,
} from '~/shared/purchased-vehicles';
export { HOME_VEHICLES_SHOWN } from '~/shared/purchased-vehicle-basics';
