import { splitLinks } from './announcements-logic.js';

/** Plain text with its line breaks kept and http(s) links clickable; never raw HTML. */
export function AnnouncementBody({ text }: { text: string }) {
  return (
    <div className="an-body">
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'link' ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer">
            {segment.href}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </div>
  );
}
