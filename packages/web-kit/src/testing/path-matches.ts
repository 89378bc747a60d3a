/** Whether a request's path is a contract path with `:name` parameters filled in (a test's route table). */
export function pathMatches(pattern: string, pathname: string): boolean {
  const expression = new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
  return expression.test(pathname);
}
