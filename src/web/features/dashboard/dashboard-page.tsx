export function DashboardPage() {
  return <h1>CMS Star Ratings Dashboard</h1>;
}
