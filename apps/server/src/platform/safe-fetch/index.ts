// The guarded fetch of URLs a user names (issue 20): every hop's addresses checked, the
// connection pinned to them, one deadline, a capped body. See safe-get.ts.
export { isIpAddress, isLoopbackAddress, isRefusedAddress } from './address-policy.ts';
export { FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, fetchPolicyFromConfig } from './policy.ts';
export {
  type FetchPolicy,
  type FetchWant,
  type ResolvedAddress,
  type Resolver,
  SafeFetchError,
  type SafeFetchErrorCode,
  type SafeFetchResult,
  safeGet,
} from './safe-get.ts';
