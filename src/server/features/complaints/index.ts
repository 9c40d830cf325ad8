/**
 * Data-protection complaints (issue 18; DPA 2018 s.164A): the contact page's form, the sender's
 * acknowledgement and staff's alert, and staff's list and resolution.
 */
export { complaintsRoutes, COMPLAINT_SUBMIT_LIMIT, type ComplaintsRoutesDeps } from './complaints-routes';
export { countComplaints } from './complaints-service';
