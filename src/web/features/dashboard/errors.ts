/** SPEC section 8: a facility error whose message mentions a timeout gets the alert-timeout explanation. */
export function isTimeoutMessage(message: string): boolean {
  const text = message.toLowerCase();
  return text.includes("timeout") || text.includes("canceling statement");
}
