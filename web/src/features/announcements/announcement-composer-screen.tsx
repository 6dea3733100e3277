import { useParams } from '@tanstack/react-router';
import { UnderConstruction } from '../../components/ui/under-construction.js';

/** Placeholder: one composer for new and edit (spec section 2); built in a later issue. */
export function AnnouncementComposerScreen() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return (
    <UnderConstruction
      titleKey={params['id'] === undefined ? 'pages.announcementNew' : 'pages.announcementEdit'}
    />
  );
}
