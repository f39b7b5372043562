// The compat suites' fetch routing (wire-contract §12) lives with the other test helpers of the server.
export { routeWixToLocal, type RoutedRequest } from '@vitrine/server/testing';
