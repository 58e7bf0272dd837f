/**
 * The first part of the query key of every service-call list (work orders, an instrument's service calls): a new
 * service request or a document change invalidates it, so each list shows the calls as they are now.
 */
export const SERVICE_CALLS_KEY = 'serviceCalls';
