export function FacilityDetailPage() {
  return <p>Loading facility details...</p>;
}
