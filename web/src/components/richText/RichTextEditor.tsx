import { useEffect, useRef } from 'react';
import { Button, ButtonGroup, Divider, Intent, type IconName } from '@blueprintjs/core';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import './richText.css';

export interface RichTextEditorProps {
  /** The HTML shown; a new value from outside (a template, a reset) replaces the content. */
  value: string;
  onChange(html: string): void;
  /** The id of the element naming the editor (its label). */
  labelledBy: string;
  describedBy?: string;
  /** Height of the editing area in pixels; it scrolls beyond. */
  height?: number;
  disabled?: boolean;
  invalid?: boolean;
}

/** HTML from outside is sanitised before the editor parses it; the editor keeps only what its schema knows. */
const clean = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/** What an empty editor writes: the same as no text. */
const EMPTY = '<p></p>';

interface Tool {
  key: string;
  icon: IconName;
  active?: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const TOOLS: Tool[][] = [
  [
    { key: 'bold', icon: 'bold', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
    {
      key: 'italic',
      icon: 'italic',
      active: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      icon: 'underline',
      active: (e) => e.isActive('underline'),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
  ],
  [
    {
      key: 'heading',
      icon: 'header',
      active: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bullet_list',
      icon: 'properties',
      active: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'numbered_list',
      icon: 'numbered-list',
      active: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      icon: 'citation',
      active: (e) => e.isActive('blockquote'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
  ],
  [
    { key: 'undo', icon: 'undo', run: (e) => e.chain().focus().undo().run() },
    { key: 'redo', icon: 'redo', run: (e) => e.chain().focus().redo().run() },
  ],
];

/**
 * A rich-text editor (TipTap with its starter kit: paragraphs, headings, lists, quotes, emphasis, links) with a
 * Blueprint toolbar. It writes HTML; the server sanitises what it stores, and HTML given to it is sanitised first.
 */
export function RichTextEditor({
  value,
  onChange,
  labelledBy,
  describedBy,
  height = 240,
  disabled = false,
  invalid = false,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const written = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: clean(value),
    editable: !disabled,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text-content',
        style: `min-height: ${height}px; max-height: ${height}px`,
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      written.current = html;
      onChangeRef.current(html);
    },
  });

  // A value from outside (not what the editor just wrote) replaces the content without reporting a change.
  useEffect(() => {
    if (!editor || value === written.current) return;
    written.current = value;
    editor.commands.setContent(clean(value) || EMPTY, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      Object.fromEntries(TOOLS.flat().map((tool) => [tool.key, e ? (tool.active?.(e) ?? false) : false])),
  });

  return (
    <div className={`rich-text-editor${invalid ? ' rich-text-invalid' : ''}`}>
      <div role="toolbar" aria-label={t('common:editor_toolbar')} className="rich-text-toolbar">
        {TOOLS.map((group, i) => (
          <ButtonGroup key={group[0]!.key} variant="minimal">
            {i > 0 && <Divider />}
            {group.map((tool) => (
              <Button
                key={tool.key}
                icon={tool.icon}
                aria-label={t(`common:editor_${tool.key}`)}
                title={t(`common:editor_${tool.key}`)}
                aria-pressed={tool.active ? Boolean(active?.[tool.key]) : undefined}
                active={Boolean(active?.[tool.key])}
                intent={Intent.NONE}
                disabled={disabled || !editor}
                onClick={() => editor && tool.run(editor)}
              />
            ))}
          </ButtonGroup>
        ))}
      </div>
      <EditorContent editor={editor} className="rich-text-area" />
    </div>
  );
}
