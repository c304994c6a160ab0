declare module "fxa-common-password-list" {
  /** Mozilla's list of common passwords (the 10,000 most common, from leaks). */
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
