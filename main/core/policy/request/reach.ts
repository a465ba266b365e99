// How a recursive reader (grep -r, rg, find, git grep) picks the files below a folder: told by the command's reading
// (bash-refs, tools), used to search the tree for the files a Read rule keeps (denied-reads).

/** How a recursive reader picks the files below a folder. */
export interface Reach {
  /** The files it picks (find's `-name`), as the command spells them; null: all. */
  picks: ((p: string) => boolean) | null;
  /** It skips what git ignores (rg, ag, git grep). */
  skipsIgnored: boolean;
  /** It skips hidden files and folders (rg and ag without `--hidden`). */
  skipsHidden: boolean;
  /**
   * Read only when one of these paths is missing: the words `git grep` may take for revisions. A word that names an
   * existing path is a pathspec (or refused as ambiguous); any other names a revision, whose whole tree is searched.
   */
  unlessAllExist?: readonly string[];
}
