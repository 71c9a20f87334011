// What a tariff includes, read from its description (one feature a line). A line such as "Everything in
// Starter" stands for the features of that lower tariff of the same line (named "Starter" or "Starter …"),
// so comparing two tariffs compares what they include, not the words of their descriptions: moving from
// Growth to Starter keeps Starter's features and loses Growth's own, never "Everything in Starter".

export interface DescribedTariff {
  name: string;
  description?: string | null;
}

const linesOf = (description: string | null | undefined) =>
  (description ?? '').split('\n').map((line) => line.trim()).filter(Boolean);

const includesPattern = /^everything in (?:the )?(.+?)(?: tariff| plan)?[.:]?$/i;

/** The tariff of `line` a name refers to: the same name, or a name that starts with it ("Starter" → "Starter Portfolio"). */
function tariffNamed(line: readonly DescribedTariff[], name: string): DescribedTariff | undefined {
  const wanted = name.trim().toLowerCase();
  return (
    line.find((tariff) => tariff.name.trim().toLowerCase() === wanted) ??
    line.find((tariff) => tariff.name.trim().toLowerCase().startsWith(`${wanted} `))
  );
}

/** The features a tariff includes, with each "Everything in X" line replaced by X's features (once each, in order). */
export function tariffFeatures(tariff: DescribedTariff, line: readonly DescribedTariff[]): string[] {
  const features: string[] = [];
  const visit = (current: DescribedTariff, seen: ReadonlySet<DescribedTariff>) => {
    for (const entry of linesOf(current.description)) {
      const included = includesPattern.exec(entry);
      const referred = included ? tariffNamed(line, included[1]!) : undefined;
      if (referred && !seen.has(referred)) visit(referred, new Set([...seen, referred]));
      else if (!features.includes(entry)) features.push(entry);
    }
  };
  visit(tariff, new Set([tariff]));
  return features;
}

/** Moving from `current` to `target`: the features kept and the features lost. */
export function featuresOnSwitch(current: DescribedTariff, target: DescribedTariff, line: readonly DescribedTariff[]) {
  const had = tariffFeatures(current, line);
  const offered = new Set(tariffFeatures(target, line));
  return { kept: had.filter((entry) => offered.has(entry)), lost: had.filter((entry) => !offered.has(entry)) };
}
