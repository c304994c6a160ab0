// The platform module's face: what other modules, flows and the app may use of it.
export { storeBlueprint } from "./blueprint.ts";
export { operatorLink } from "./operators.ts";
export {
  INVITATION_DAYS,
  INVITATION_TTL_MS,
  newStoreOf,
  type PlatformRules,
  refuseHosts,
  refusePlatformHostOfAStore,
  refuseTakenId,
  setStoreDisabled,
} from "./stores.ts";
