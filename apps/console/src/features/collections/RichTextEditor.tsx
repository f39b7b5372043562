import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
// ProseMirror's own styles as a stylesheet of the build: the CSP refuses the <style> Tiptap would inject.
import './rich-text-editor.css';

/**
 * A `richtext` field edited with Tiptap (loaded only when an item form has one). It writes the HTML subset of
 * docs/data.md#rich-text — paragraphs, headings 2–3, bold, italic, underline, strike, lists, quotes and links — which
 * the storefront rebuilds element by element (apps/storefront/src/components/RichText.tsx).
 */
export default function RichTextEditor({
  label,
  describedBy,
  lang,
  value,
  onChange,
}: {
  label: string;
  describedBy?: string | undefined;
  /** The language of the text (a translation's), for spelling and screen readers; its direction follows the text. */
  lang?: string | undefined;
  value: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // http, https and mailto are among the link extension's own schemes: naming them in `protocols` registered
        // them with linkifyjs again for each editor on a page, which warns once per scheme.
        link: { openOnClick: false, defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        class: 'rich-editor__content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(lang ? { lang, dir: 'auto' } : {}),
      },
    },
    // An empty document is "", so a cleared field is left out like any empty input.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return <p role="status">Loading the editor…</p>;
  const chain = () => editor.chain().focus();
  const tool = (name: string, pressed: boolean | undefined, run: () => void) => (
    // A pointer press keeps the focus (and the selection) in the text: otherwise the button takes it and the
    // editor gets it back a frame later, and whatever is typed in between is lost.
    <button
      type="button"
      className="secondary"
      aria-pressed={pressed}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {name}
    </button>
  );
  function link() {
    if (state?.link) return void chain().unsetLink().run();
    const href = window.prompt('Link address (https://…)');
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
  }
  return (
    <div className="rich-editor">
      <div role="toolbar" aria-label={`${label} formatting`} className="rich-editor__toolbar">
        {tool('Bold', state?.bold, () => chain().toggleBold().run())}
        {tool('Italic', state?.italic, () => chain().toggleItalic().run())}
        {tool('Heading', state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {tool('Subheading', state?.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {tool('Bulleted list', state?.bullets, () => chain().toggleBulletList().run())}
        {tool('Numbered list', state?.numbers, () => chain().toggleOrderedList().run())}
        {tool(state?.link ? 'Remove link' : 'Link', undefined, link)}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
