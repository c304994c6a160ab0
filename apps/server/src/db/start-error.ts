/** Thrown when start-up gives up: its message is the one line the operator reads. */
export class StartupError extends Error {}
