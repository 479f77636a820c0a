/** Five stars, the first `value` filled amber, as one element. Decorative: the rating is also written as text. */
export function StarBar({ value }: { value: number | null }) {
  return <span aria-hidden="true" className="star-bar" data-value={value ?? 0} />;
}
