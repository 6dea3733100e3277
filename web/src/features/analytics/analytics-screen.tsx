import { UnderConstruction } from '../../components/ui/under-construction.js';

/** Placeholder: the screen itself comes with a later issue. */
export function AnalyticsScreen() {
  return <UnderConstruction titleKey="pages.analytics" />;
}
