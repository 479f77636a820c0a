import { Bell, BellRing, ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { normalizeAlertMetric } from "../../../../core/alert-metrics.ts";
import {
  ALERT_METRIC_CHOICES,
  ALERT_PERIODS,
  ALERT_THRESHOLD_CHOICES,
  type AlertMetric,
  type AlertPeriod,
  DEFAULT_ALERT_METRIC,
  DEFAULT_ALERT_PERIOD,
  POPOVER_START_THRESHOLD,
} from "../../../../core/constants.ts";
import {
  type DashboardFilters,
  disableAlertFilter,
  enableAlertFilter,
  parsePeriodParam,
  parseThresholdParam,
} from "../../../../core/url-state.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { ControlActivation } from "../controls-loader.ts";
import type { FiltersUpdate } from "../hooks/use-dashboard-url-state.ts";
import { PERIOD_DESCRIPTIONS, PERIOD_LABELS } from "../view-title.ts";

/**
 * The rating-change alert settings. The switch turns the filter on or off at once (SPEC 4: on means threshold 1,
 * lastPeriod, the previous metric or Overall Rating; off clears them). The threshold, metric and period are
 * drafts until Apply, which also turns the filter on; the threshold starts at 2 when the address gives none.
 */
export function AlertSettings({
  filters,
  onFiltersChange,
  activation = null,
}: {
  filters: DashboardFilters;
  onFiltersChange: (update: FiltersUpdate) => void;
  /** Set when the visitor activated the placeholder before this loaded: the popover opens at once. */
  activation?: ControlActivation | null;
}) {
  const [isOpen, setIsOpen] = useState(activation !== null);
  const isOn = filters.alertFilterEnabled;
  // Turning alerts off clears the metric from the address; turning them on again brings it back (SPEC 4).
  const previousMetricRef = useRef<AlertMetric | null>(null);
  useEffect(() => {
    if (filters.ratingMetric) previousMetricRef.current = filters.ratingMetric;
  }, [filters.ratingMetric]);
  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={isOn ? "border-blue-300 bg-blue-50 hover:bg-blue-100" : undefined}
        >
          {isOn ? <BellRing aria-hidden className="text-blue-600" /> : <Bell aria-hidden />}
          Rating alerts
          {isOn && (
            <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
              On
            </span>
          )}
          <ChevronDown aria-hidden className="opacity-60" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label="Alert settings">
        <AlertSettingsForm
          filters={filters}
          previousMetric={previousMetricRef.current}
          onFiltersChange={onFiltersChange}
          onDone={() => setIsOpen(false)}
        />
      </PopoverContent>
    </Popover>
  );
}

function AlertSettingsForm({
  filters,
  previousMetric,
  onFiltersChange,
  onDone,
}: {
  filters: DashboardFilters;
  previousMetric: AlertMetric | null;
  onFiltersChange: (update: FiltersUpdate) => void;
  onDone: () => void;
}) {
  const id = useId();
  // Drafts override what the address says only once the visitor picks something.
  const [thresholdDraft, setThresholdDraft] = useState<number | null>(null);
  const [metricDraft, setMetricDraft] = useState<AlertMetric | null>(null);
  const [periodDraft, setPeriodDraft] = useState<AlertPeriod | null>(null);

  const threshold = thresholdDraft ?? filters.ratingChangeThreshold ?? POPOVER_START_THRESHOLD;
  const metric = metricDraft ?? filters.ratingMetric ?? previousMetric ?? DEFAULT_ALERT_METRIC;
  const period = periodDraft ?? filters.timePeriod ?? DEFAULT_ALERT_PERIOD;
  const metricChoices: readonly AlertMetric[] = ALERT_METRIC_CHOICES.some((choice) => choice === metric)
    ? ALERT_METRIC_CHOICES
    : [...ALERT_METRIC_CHOICES, metric];

  function handleToggle(isEnabled: boolean) {
    onFiltersChange((current) => {
      if (!isEnabled) return disableAlertFilter(current);
      const enabled = enableAlertFilter({ ...current, ratingMetric: current.ratingMetric ?? previousMetric });
      return {
        ...enabled,
        ratingChangeThreshold: thresholdDraft ?? enabled.ratingChangeThreshold,
        ratingMetric: metricDraft ?? enabled.ratingMetric,
        timePeriod: periodDraft ?? enabled.timePeriod,
      };
    });
    setThresholdDraft(null);
    setMetricDraft(null);
    setPeriodDraft(null);
  }

  function handleApply() {
    onFiltersChange((current) => ({
      ...current,
      alertFilterEnabled: true,
      ratingChangeThreshold: threshold,
      ratingMetric: metric,
      timePeriod: period,
    }));
    onDone();
  }

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="font-semibold text-slate-900">Rating change alerts</h2>
        <p className="text-sm text-slate-600">
          Show only facilities whose rating changed between two CMS releases.
        </p>
      </div>
      <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5">
        <Label htmlFor={`${id}-enabled`}>Enable alerts</Label>
        <Switch id={`${id}-enabled`} checked={filters.alertFilterEnabled} onCheckedChange={handleToggle} />
      </div>
      <div className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-threshold`}>Minimum change</Label>
          <NativeSelect
            id={`${id}-threshold`}
            value={String(threshold)}
            onChange={(event) => setThresholdDraft(parseThresholdParam(event.target.value))}
          >
            {ALERT_THRESHOLD_CHOICES.map((choice) => (
              <option key={choice} value={String(choice)}>
                {choice === 1 ? "1 star" : `${choice} stars`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-metric`}>Rating</Label>
          <NativeSelect
            id={`${id}-metric`}
            value={metric}
            onChange={(event) => setMetricDraft(normalizeAlertMetric(event.target.value))}
          >
            {metricChoices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-period`}>Period</Label>
          <NativeSelect
            id={`${id}-period`}
            aria-describedby={`${id}-period-hint`}
            value={period}
            onChange={(event) => setPeriodDraft(parsePeriodParam(event.target.value) ?? DEFAULT_ALERT_PERIOD)}
          >
            {ALERT_PERIODS.map((choice) => (
              <option key={choice} value={choice}>
                {PERIOD_LABELS[choice]}
              </option>
            ))}
          </NativeSelect>
          <p id={`${id}-period-hint`} className="text-xs text-slate-500">
            {PERIOD_DESCRIPTIONS[period]}.
          </p>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleApply}>Apply</Button>
      </div>
    </div>
  );
}
