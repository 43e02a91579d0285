import { type Piece, type Word, wordFromText } from "../read/words.ts";
import { longValue, mayBeOption, mayBeSeveral } from "./unknown-words.ts";

/**
 * git's own option reading (parse-options.c), so that every spelling git accepts reaches the
 * subcommand tables of git.ts as one spelling: a long option abbreviated to a unique prefix
 * (`--forc` is `--force`, `--no-ind` is `--no-index`, `--exclude` of a `no-exclude-standard`),
 * `--name=value`, a cluster of short options (`-qa` is `-q -a`), and a short option's value
 * attached to it (`-f.env` is `-f .env`, `-lf.env` is `-l -f .env`; an optional value stays
 * attached: `-Skey`). The words of {@link gitOptionWords} are what git reads; the gates still
 * match the words as written.
 *
 * The table lists, per subcommand (and per `stash push`-style action), every long option git
 * 2.39 accepts (`git <sub> --git-completion-helper-all`, hidden ones included; `name=` takes a
 * value) and every short letter (`git <sub> -h`; `-x=` takes a value, `-x?` an attached
 * optional one), plus the parse-options shell scripts (quiltimport, subtree, request-pull,
 * whose OPTIONS_SPEC `git rev-parse --parseopt` reads by the same rules).
 */
const TABLE: Readonly<Record<string, string>> = {
  add: "dry-run verbose interactive patch edit force update renormalize intent-to-add all ignore-removal refresh ignore-errors ignore-missing sparse chmod= warn-embedded-repo pathspec-from-file= pathspec-file-nul no-dry-run no-verbose no-interactive no-patch no-edit no-force no-update no-renormalize no-intent-to-add no-all no-ignore-removal no-refresh no-ignore-errors no-ignore-missing no-sparse no-chmod no-warn-embedded-repo no-pathspec-from-file no-pathspec-file-nul -n/dry-run -v/verbose -i/interactive -p/patch -e/edit -f/force -u/update -N/intent-to-add -A/all",
  am: "interactive binary 3way quiet signoff utf8 keep keep-non-patch message-id keep-cr no-keep-cr scissors quoted-cr= whitespace= ignore-space-change ignore-whitespace directory= exclude= include= patch-format= reject resolvemsg= continue resolved skip abort quit show-current-patch allow-empty committer-date-is-author-date ignore-date rerere-autoupdate gpg-sign empty= rebasing no-interactive no-binary no-3way no-quiet no-signoff no-utf8 no-keep no-keep-non-patch no-message-id no-scissors no-whitespace no-ignore-space-change no-ignore-whitespace no-directory no-exclude no-include no-patch-format no-reject no-resolvemsg no-committer-date-is-author-date no-ignore-date no-rerere-autoupdate no-gpg-sign no-rebasing -3/3way -i/interactive -q/quiet -s/signoff -u/utf8 -k/keep -m/message-id -c/scissors -C= -p= -r/resolved -S?/gpg-sign",
  annotate:
    "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -b -f/show-name -n/show-number -p/porcelain -c -t -l -s -e/show-email -w -S= -C? -M? -L=",
  apply:
    "exclude= include= no-add stat allow-binary-replacement binary numstat summary check index intent-to-add cached unsafe-paths apply 3way build-fake-ancestor= whitespace= ignore-space-change ignore-whitespace reverse unidiff-zero reject allow-overlap verbose quiet inaccurate-eof recount directory= allow-empty add no-stat no-allow-binary-replacement no-binary no-numstat no-summary no-check no-index no-intent-to-add no-cached no-unsafe-paths no-apply no-3way no-build-fake-ancestor no-whitespace no-ignore-space-change no-ignore-whitespace no-reverse no-unidiff-zero no-reject no-allow-overlap no-verbose no-quiet no-inaccurate-eof no-recount no-directory no-allow-empty -3/3way -p= -N/intent-to-add -z -C= -R/reverse -v/verbose -q/quiet",
  archive: "output= remote= exec= no-output no-remote no-exec -o=/output -v/verbose -N -l/list",
  blame:
    "incremental root show-stats progress score-debug show-name show-number porcelain line-porcelain show-email ignore-rev= ignore-revs-file= color-lines color-by-age minimal contents= abbrev no-incremental no-root no-show-stats no-progress no-score-debug no-show-name no-show-number no-porcelain no-line-porcelain no-show-email no-ignore-rev no-ignore-revs-file no-color-lines no-color-by-age no-minimal no-contents no-abbrev -b -f/show-name -n/show-number -p/porcelain -c -t -l -s -e/show-email -w -S= -C? -M? -L=",
  branch:
    "verbose quiet track set-upstream set-upstream-to= unset-upstream color remotes contains no-contains with without abbrev all delete move copy list show-current create-reflog edit-description force merged no-merged column sort= points-at= ignore-case recurse-submodules format= no-verbose no-quiet no-track no-set-upstream no-set-upstream-to no-unset-upstream no-color no-remotes no-abbrev no-all no-delete no-move no-copy no-list no-show-current no-create-reflog no-edit-description no-force no-column no-sort no-points-at no-ignore-case no-recurse-submodules no-format -v/verbose -q/quiet -t?/track -u=/set-upstream-to -r/remotes -a/all -d/delete -D -m/move -M -c/copy -C -l/list -f/force -i/ignore-case",
  bugreport:
    "diagnose output-directory= suffix= no-diagnose no-output-directory no-suffix -o=/output-directory -s=/suffix",
  "bundle create":
    "quiet progress all-progress all-progress-implied version= no-quiet no-progress no-all-progress no-all-progress-implied no-version -q/quiet",
  "bundle verify": "quiet no-quiet -q/quiet",
  "bundle list-heads": "",
  "bundle unbundle": "progress no-progress",
  "cat-file":
    "allow-unknown-type use-mailmap mailmap batch batch-check batch-command batch-all-objects buffer follow-symlinks unordered textconv filters path= no-allow-unknown-type no-use-mailmap no-mailmap no-buffer no-follow-symlinks no-unordered no-path -e -p -t -s -z",
  "check-attr": "all cached stdin no-all no-cached no-stdin -a/all -z",
  "check-ignore":
    "quiet verbose stdin non-matching no-index index no-quiet no-verbose no-stdin no-non-matching -q/quiet -v/verbose -z -n/non-matching",
  "check-mailmap": "stdin no-stdin",
  checkout:
    "guess overlay quiet recurse-submodules progress merge conflict= detach track force orphan= overwrite-ignore ignore-other-worktrees ours theirs patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul no-guess no-overlay no-quiet no-recurse-submodules no-progress no-merge no-conflict no-detach no-track no-force no-orphan no-overwrite-ignore no-ignore-other-worktrees no-patch no-ignore-skip-worktree-bits no-pathspec-from-file no-pathspec-file-nul -2/ours -3/theirs -b= -B= -l -q/quiet -m/merge -d/detach -t?/track -f/force -p/patch",
  "checkout-index":
    "all ignore-skip-worktree-bits force quiet no-create index stdin temp prefix= stage= create no-all no-ignore-skip-worktree-bits no-force no-quiet no-index no-stdin no-temp no-prefix -a/all -f/force -q/quiet -n/no-create -u/index -z",
  cherry: "abbrev verbose no-abbrev no-verbose -v/verbose",
  "cherry-pick":
    "quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign ff allow-empty allow-empty-message keep-redundant-commits commit no-cleanup no-edit no-signoff no-mainline no-rerere-autoupdate no-strategy no-strategy-option no-gpg-sign no-ff no-allow-empty no-allow-empty-message no-keep-redundant-commits -n/no-commit -e/edit -s/signoff -m=/mainline -X=/strategy-option -S?/gpg-sign -x",
  clean:
    "quiet dry-run force interactive exclude= no-quiet no-dry-run no-force no-interactive -q/quiet -n/dry-run -f/force -i/interactive -d -e=/exclude -x -X",
  clone:
    "verbose quiet progress reject-shallow no-checkout bare naked mirror local no-hardlinks shared recurse-submodules recursive jobs= template= reference= reference-if-able= dissociate origin= branch= upload-pack= depth= shallow-since= shallow-exclude= single-branch no-tags shallow-submodules separate-git-dir= config= server-option= ipv4 ipv6 filter= also-filter-submodules remote-submodules sparse bundle-uri= checkout hardlinks tags no-verbose no-quiet no-progress no-reject-shallow no-bare no-naked no-mirror no-local no-shared no-recurse-submodules no-recursive no-jobs no-template no-reference no-reference-if-able no-dissociate no-origin no-branch no-upload-pack no-depth no-shallow-since no-shallow-exclude no-single-branch no-shallow-submodules no-separate-git-dir no-config no-server-option no-ipv4 no-ipv6 no-filter no-also-filter-submodules no-remote-submodules no-sparse no-bundle-uri -4/ipv4 -6/ipv6 -v/verbose -q/quiet -n/no-checkout -l/local -s/shared -j=/jobs -o=/origin -b=/branch -u=/upload-pack -c=/config",
  column:
    "command= mode raw-mode= width= indent= nl= padding= no-command no-mode no-raw-mode no-width no-indent no-nl no-padding",
  commit:
    "quiet verbose file= author= date= message= reedit-message= reuse-message= fixup= squash= reset-author trailer= signoff template= edit cleanup= status gpg-sign all include interactive patch only no-verify dry-run short branch ahead-behind porcelain long null amend no-post-rewrite untracked-files pathspec-from-file= pathspec-file-nul allow-empty allow-empty-message verify post-rewrite no-quiet no-verbose no-file no-author no-date no-message no-reedit-message no-reuse-message no-fixup no-squash no-reset-author no-signoff no-template no-edit no-cleanup no-status no-gpg-sign no-all no-include no-interactive no-patch no-only no-dry-run no-short no-branch no-ahead-behind no-porcelain no-long no-null no-amend no-untracked-files no-pathspec-from-file no-pathspec-file-nul no-allow-empty no-allow-empty-message -q/quiet -v/verbose -F=/file -m=/message -c=/reedit-message -C=/reuse-message -s/signoff -t=/template -e/edit -S?/gpg-sign -a/all -i/include -p/patch -o/only -n/no-verify -z/null -u?/untracked-files",
  "commit-graph": "object-dir= no-object-dir",
  "commit-graph verify": "object-dir= shallow progress no-object-dir no-shallow no-progress",
  "commit-graph write":
    "object-dir= reachable stdin-packs stdin-commits append changed-paths split max-commits= size-multiple= expire-time= max-new-filters= progress no-object-dir no-reachable no-stdin-packs no-stdin-commits no-append no-changed-paths no-max-commits no-size-multiple no-expire-time no-max-new-filters no-progress",
  "commit-tree": "gpg-sign no-gpg-sign -p= -m= -F= -S?/gpg-sign",
  config:
    "global system local worktree file= blob= get get-all get-regexp get-urlmatch replace-all add unset unset-all rename-section remove-section list fixed-value edit get-color get-colorbool type= bool int bool-or-int bool-or-str path expiry-date null name-only includes show-origin show-scope default= no-global no-system no-local no-worktree no-file no-blob no-get no-get-all no-get-regexp no-get-urlmatch no-replace-all no-add no-unset no-unset-all no-rename-section no-remove-section no-list no-fixed-value no-edit no-get-color no-get-colorbool no-type no-null no-name-only no-includes no-show-origin no-show-scope no-default -f=/file -l/list -e/edit -t=/type -z/null",
  "count-objects":
    "verbose human-readable no-verbose no-human-readable -v/verbose -H/human-readable",
  describe:
    "contains debug all tags long first-parent abbrev exact-match candidates= match= exclude= always dirty broken no-contains no-debug no-all no-tags no-long no-first-parent no-abbrev no-exact-match no-candidates no-match no-exclude no-always no-dirty no-broken",
  diagnose:
    "output-directory= suffix= mode= no-output-directory no-suffix -o=/output-directory -s=/suffix",
  diff: "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -z -p -u -R -B -M -C -l= -O= -S= -a",
  "diff-files":
    "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -z -p -u -R -B -M -C -l= -O= -S= -a",
  "diff-index":
    "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -z -p -u -R -B -M -C -l= -O= -S= -a",
  "diff-tree":
    "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -r -c -z -p -u -R -B -M -C -l= -O= -S= -a",
  difftool:
    "gui dir-diff no-prompt prompt symlinks tool= tool-help trust-exit-code extcmd= no-index index no-gui no-dir-diff no-symlinks no-tool no-tool-help no-trust-exit-code no-extcmd -g/gui -d/dir-diff -y/no-prompt -t=/tool -x=/extcmd",
  "fast-export":
    "progress= signed-tags= tag-of-filtered-object= reencode= export-marks= import-marks= import-marks-if-exists= fake-missing-tagger full-tree use-done-feature no-data refspec= anonymize anonymize-map= reference-excluded-parents show-original-ids mark-tags data no-progress no-signed-tags no-tag-of-filtered-object no-reencode no-export-marks no-import-marks no-import-marks-if-exists no-fake-missing-tagger no-full-tree no-use-done-feature no-refspec no-anonymize no-reference-excluded-parents no-show-original-ids no-mark-tags",
  fetch:
    "verbose quiet all set-upstream append atomic upload-pack= force multiple tags jobs= prefetch prune prune-tags recurse-submodules dry-run write-fetch-head keep update-head-ok progress depth= shallow-since= shallow-exclude= deepen= unshallow refetch submodule-prefix= recurse-submodules-default= update-shallow refmap= server-option= ipv4 ipv6 negotiation-tip= negotiate-only filter= auto-maintenance auto-gc show-forced-updates write-commit-graph stdin no-verbose no-quiet no-all no-set-upstream no-append no-atomic no-upload-pack no-force no-multiple no-tags no-jobs no-prefetch no-prune no-prune-tags no-recurse-submodules no-dry-run no-write-fetch-head no-keep no-update-head-ok no-progress no-depth no-shallow-since no-shallow-exclude no-deepen no-submodule-prefix no-recurse-submodules-default no-update-shallow no-server-option no-ipv4 no-ipv6 no-negotiation-tip no-negotiate-only no-filter no-auto-maintenance no-auto-gc no-show-forced-updates no-write-commit-graph no-stdin -4/ipv4 -6/ipv6 -v/verbose -q/quiet -a/append -f/force -m/multiple -t/tags -n -j=/jobs -p/prune -P/prune-tags -k/keep -u/update-head-ok -o=/server-option",
  "fmt-merge-msg":
    "log summary message= into-name= file= no-log no-summary no-message no-into-name no-file -m=/message -F=/file",
  "for-each-ref":
    "shell perl python tcl count= format= color sort= points-at= merged no-merged contains no-contains ignore-case no-shell no-perl no-python no-tcl no-count no-format no-color no-sort no-points-at no-ignore-case -s/shell -p/perl",
  "for-each-repo": "config= no-config",
  "format-patch":
    "numbered no-numbered signoff stdout cover-letter numbered-files suffix= start-number= reroll-count= filename-max-length= rfc cover-from-description= subject-prefix= output-directory= keep-subject no-binary zero-commit ignore-if-in-upstream no-stat add-header= to= cc= from in-reply-to= attach inline thread signature= base= signature-file= quiet progress interdiff= range-diff= creation-factor= force-in-body-from binary no-numbered no-signoff no-stdout no-cover-letter no-numbered-files no-suffix no-start-number no-reroll-count no-filename-max-length no-cover-from-description no-zero-commit no-ignore-if-in-upstream no-add-header no-to no-cc no-from no-in-reply-to no-attach no-thread no-signature no-base no-signature-file no-quiet no-progress no-interdiff no-range-diff no-creation-factor no-force-in-body-from -n/numbered -N/no-numbered -s/signoff -v=/reroll-count -o=/output-directory -k/keep-subject -p/no-stat -q/quiet",
  fsck: "verbose unreachable dangling tags root cache reflogs full connectivity-only strict lost-found progress name-objects no-verbose no-unreachable no-dangling no-tags no-root no-cache no-reflogs no-full no-connectivity-only no-strict no-lost-found no-progress no-name-objects -v/verbose",
  "fsck-objects":
    "verbose unreachable dangling tags root cache reflogs full connectivity-only strict lost-found progress name-objects no-verbose no-unreachable no-dangling no-tags no-root no-cache no-reflogs no-full no-connectivity-only no-strict no-lost-found no-progress no-name-objects -v/verbose",
  gc: "quiet prune cruft aggressive auto force keep-largest-pack no-quiet no-prune no-cruft no-aggressive no-auto no-force no-keep-largest-pack -q/quiet",
  grep: "cached no-index untracked exclude-standard recurse-submodules invert-match ignore-case word-regexp text textconv recursive max-depth= extended-regexp basic-regexp fixed-strings perl-regexp line-number column full-name files-with-matches name-only files-without-match null only-matching count color break heading context= before-context= after-context= threads= show-function function-context and or not quiet all-match open-files-in-pager ext-grep max-count= index no-cached no-untracked no-exclude-standard no-recurse-submodules no-invert-match no-ignore-case no-word-regexp no-text no-textconv no-recursive no-extended-regexp no-basic-regexp no-fixed-strings no-perl-regexp no-line-number no-column no-full-name no-files-with-matches no-name-only no-files-without-match no-null no-only-matching no-count no-color no-break no-heading no-context no-before-context no-after-context no-threads no-show-function no-function-context no-or no-quiet no-all-match no-open-files-in-pager no-ext-grep no-max-count -v/invert-match -i/ignore-case -w/word-regexp -a/text -I -r/recursive -E/extended-regexp -G/basic-regexp -F/fixed-strings -P/perl-regexp -n/line-number -h -H -l/files-with-matches -L/files-without-match -z/null -o/only-matching -c/count -C=/context -B=/before-context -A=/after-context -N -p/show-function -W/function-context -f= -e= -q/quiet -O?/open-files-in-pager -m=/max-count",
  "hash-object":
    "stdin stdin-paths no-filters literally path= filters no-stdin no-stdin-paths no-literally no-path -t= -w",
  help: "all external-commands aliases exclude-guides man web info verbose guides user-interfaces developer-interfaces config config-for-completion config-sections-for-completion no-external-commands no-aliases no-exclude-guides no-man no-web no-info no-verbose -a/all -m/man -w/web -i/info -v/verbose -g/guides -c/config",
  "hook run": "ignore-missing no-ignore-missing",
  "imap-send": "verbose quiet curl no-verbose no-quiet no-curl -v/verbose -q/quiet",
  init: "template= bare shared quiet separate-git-dir= initial-branch= object-format= no-template no-bare no-quiet no-separate-git-dir no-initial-branch no-object-format -q/quiet -b=/initial-branch",
  "init-db":
    "template= bare shared quiet separate-git-dir= initial-branch= object-format= no-template no-bare no-quiet no-separate-git-dir no-initial-branch no-object-format -q/quiet -b=/initial-branch",
  instaweb:
    "local port= httpd= browser= module-path= stop start restart no-local no-port no-httpd no-browser no-module-path no-stop no-start no-restart -l/local -p=/port -d=/httpd -b=/browser -m=/module-path",
  "interpret-trailers":
    "in-place trim-empty where= if-exists= if-missing= only-trailers only-input unfold parse no-divider trailer= divider no-in-place no-trim-empty no-where no-if-exists no-if-missing no-only-trailers no-only-input no-unfold no-trailer",
  log: "quiet source use-mailmap mailmap clear-decorations decorate-refs= decorate-refs-exclude= decorate no-quiet no-source no-use-mailmap no-mailmap no-decorate-refs no-decorate-refs-exclude no-decorate -q/quiet -L=",
  "ls-files":
    "cached deleted modified others ignored stage killed directory eol empty-directory unmerged resolve-undo exclude= exclude-from= exclude-per-directory= exclude-standard full-name recurse-submodules error-unmatch with-tree= abbrev debug deduplicate sparse format= no-cached no-deleted no-modified no-others no-ignored no-stage no-killed no-directory no-eol no-empty-directory no-unmerged no-resolve-undo no-exclude-per-directory no-recurse-submodules no-error-unmatch no-with-tree no-abbrev no-debug no-deduplicate no-sparse -z -t -v -f -c/cached -d/deleted -m/modified -o/others -i/ignored -s/stage -k/killed -u/unmerged -x=/exclude -X=/exclude-from",
  "ls-remote":
    "quiet upload-pack= exec= tags heads refs get-url sort= exit-code symref server-option= no-quiet no-upload-pack no-exec no-tags no-heads no-refs no-get-url no-sort no-exit-code no-symref no-server-option -q/quiet -t/tags -h/heads -o=/server-option",
  "ls-tree":
    "long name-only name-status object-only full-name full-tree format= abbrev no-full-name no-full-tree no-abbrev -d -r -t -z -l/long",
  mailinfo:
    "message-id encoding= scissors quoted-cr= inbody-headers no-message-id no-scissors no-inbody-headers -k -b -m/message-id -u -n",
  "maintenance run": "auto schedule= quiet task= no-auto no-schedule no-quiet",
  "maintenance start": "scheduler=",
  "maintenance stop": "",
  "maintenance register": "config-file= no-config-file",
  "maintenance unregister": "config-file= force no-config-file no-force -f/force",
  merge:
    "stat summary log squash commit edit cleanup= ff ff-only rerere-autoupdate verify-signatures strategy= strategy-option= message= file into-name= verbose quiet abort quit continue allow-unrelated-histories progress gpg-sign autostash overwrite-ignore signoff no-verify verify no-stat no-summary no-log no-squash no-commit no-edit no-cleanup no-ff no-rerere-autoupdate no-verify-signatures no-strategy no-strategy-option no-message no-into-name no-verbose no-quiet no-abort no-quit no-continue no-allow-unrelated-histories no-progress no-gpg-sign no-autostash no-overwrite-ignore no-signoff -n -e/edit -s=/strategy -X=/strategy-option -m=/message -F=/file -v/verbose -q/quiet -S?/gpg-sign",
  "merge-base": "all octopus independent is-ancestor fork-point no-all -a/all",
  "merge-file":
    "stdout diff3 zdiff3 ours theirs union marker-size= quiet no-stdout no-diff3 no-zdiff3 no-ours no-theirs no-union no-marker-size no-quiet -p/stdout -q/quiet -L=",
  "merge-tree":
    "write-tree trivial-merge messages name-only allow-unrelated-histories stdin no-messages -z",
  mktag: "strict no-strict",
  mktree: "missing batch no-missing no-batch -z",
  "multi-pack-index": "object-dir= no-object-dir",
  "multi-pack-index repack": "object-dir= batch-size= progress no-object-dir no-progress",
  "multi-pack-index write":
    "object-dir= preferred-pack= bitmap progress stdin-packs refs-snapshot= no-object-dir no-preferred-pack no-bitmap no-progress no-stdin-packs no-refs-snapshot",
  "multi-pack-index verify": "object-dir= progress no-object-dir no-progress",
  "multi-pack-index expire": "object-dir= progress no-object-dir no-progress",
  mv: "verbose dry-run force sparse no-verbose no-dry-run no-force no-sparse -v/verbose -n/dry-run -f/force -k",
  "name-rev":
    "name-only tags refs= exclude= all stdin annotate-stdin undefined always peel-tag no-name-only no-tags no-refs no-exclude no-all no-stdin no-annotate-stdin no-undefined no-always no-peel-tag",
  notes: "ref= no-ref",
  "notes list": "",
  "notes add":
    "message= file= reedit-message= reuse-message= allow-empty force no-allow-empty no-force -m=/message -F=/file -c=/reedit-message -C=/reuse-message -f/force",
  "notes copy": "force stdin for-rewrite= no-force no-stdin no-for-rewrite -f/force",
  "notes append":
    "message= file= reedit-message= reuse-message= allow-empty no-allow-empty -m=/message -F=/file -c=/reedit-message -C=/reuse-message",
  "notes edit":
    "message= file= reedit-message= reuse-message= allow-empty no-allow-empty -m=/message -F=/file -c=/reedit-message -C=/reuse-message",
  "notes show": "",
  "notes merge":
    "verbose quiet strategy= commit abort no-verbose no-quiet no-strategy -v/verbose -q/quiet -s=/strategy",
  "notes remove": "ignore-missing stdin no-ignore-missing no-stdin",
  "notes prune": "dry-run verbose no-dry-run no-verbose -n/dry-run -v/verbose",
  "notes get-ref": "",
  "pack-objects":
    "quiet progress all-progress all-progress-implied index-version= max-pack-size= local incremental window= window-memory= depth= reuse-delta reuse-object delta-base-offset threads= non-empty revs unpacked all reflog indexed-objects stdin-packs stdout include-tag keep-unreachable pack-loose-unreachable unpack-unreachable cruft cruft-expiration sparse thin shallow honor-pack-keep keep-pack= compression= keep-true-parents use-bitmap-index write-bitmap-index write-bitmap-index-quiet filter= missing= exclude-promisor-objects delta-islands uri-protocol= no-quiet no-progress no-all-progress no-all-progress-implied no-local no-incremental no-window no-depth no-reuse-delta no-reuse-object no-delta-base-offset no-threads no-non-empty no-revs no-stdin-packs no-stdout no-include-tag no-keep-unreachable no-pack-loose-unreachable no-unpack-unreachable no-cruft no-cruft-expiration no-sparse no-thin no-shallow no-honor-pack-keep no-keep-pack no-compression no-keep-true-parents no-use-bitmap-index no-write-bitmap-index no-write-bitmap-index-quiet no-filter no-exclude-promisor-objects no-delta-islands no-uri-protocol -q/quiet",
  "pack-refs": "all prune no-all no-prune",
  "patch-id": "unstable stable verbatim",
  prune:
    "dry-run verbose progress expire= exclude-promisor-objects no-dry-run no-verbose no-progress no-expire no-exclude-promisor-objects -n/dry-run -v/verbose",
  "prune-packed": "dry-run quiet no-dry-run no-quiet -n/dry-run -q/quiet",
  pull: "verbose quiet progress recurse-submodules rebase stat summary log signoff squash commit edit cleanup= ff ff-only verify verify-signatures autostash strategy= strategy-option= gpg-sign allow-unrelated-histories all append upload-pack= force tags prune jobs dry-run keep depth= shallow-since= shallow-exclude= deepen= unshallow update-shallow refmap= server-option= ipv4 ipv6 negotiation-tip= show-forced-updates set-upstream no-verbose no-quiet no-progress no-recurse-submodules no-rebase no-stat no-summary no-log no-signoff no-squash no-commit no-edit no-cleanup no-ff no-verify no-verify-signatures no-autostash no-strategy no-strategy-option no-gpg-sign no-allow-unrelated-histories no-all no-append no-upload-pack no-force no-tags no-prune no-jobs no-dry-run no-keep no-depth no-shallow-since no-shallow-exclude no-deepen no-update-shallow no-server-option no-ipv4 no-ipv6 no-negotiation-tip no-show-forced-updates no-set-upstream -4/ipv4 -6/ipv6 -v/verbose -q/quiet -r?/rebase -n -s=/strategy -X=/strategy-option -S?/gpg-sign -a/append -f/force -t/tags -p/prune -j?/jobs -k/keep -o=/server-option",
  push: "verbose quiet repo= all mirror delete tags dry-run porcelain force force-with-lease force-if-includes recurse-submodules= thin receive-pack= exec= set-upstream progress prune no-verify follow-tags signed atomic push-option= ipv4 ipv6 verify no-verbose no-quiet no-repo no-all no-mirror no-delete no-tags no-dry-run no-porcelain no-force no-force-with-lease no-force-if-includes no-recurse-submodules no-thin no-receive-pack no-exec no-set-upstream no-progress no-prune no-follow-tags no-signed no-atomic no-push-option no-ipv4 no-ipv6 -4/ipv4 -6/ipv6 -v/verbose -q/quiet -d/delete -n/dry-run -f/force -u/set-upstream -o=/push-option",
  quiltimport:
    "dry-run author= patches= series= keep-non-patch no-dry-run no-author no-patches no-series no-keep-non-patch -n/dry-run",
  "range-diff":
    "creation-factor= no-dual-color notes left-only right-only patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= dual-color no-creation-factor no-notes no-left-only no-right-only no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv -p/patch -s/no-patch -u -U?/unified -W/function-context -X?/dirstat -z -B?/break-rewrites -M?/find-renames -D/irreversible-delete -C?/find-copies -l= -w/ignore-all-space -b/ignore-space-change -I=/ignore-matching-lines -a/text -R -S= -G= -O=",
  "read-tree":
    "index-output= empty verbose trivial aggressive reset prefix= exclude-per-directory= dry-run no-sparse-checkout debug-unpack recurse-submodules quiet sparse-checkout no-empty no-verbose no-trivial no-aggressive no-reset no-dry-run no-debug-unpack no-recurse-submodules no-quiet -v/verbose -m -u -i -n/dry-run -q/quiet",
  rebase:
    "onto= keep-base no-verify quiet verbose no-stat signoff committer-date-is-author-date reset-author-date ignore-date ignore-whitespace whitespace= force-rebase no-ff continue skip abort quit edit-todo show-current-patch apply merge interactive preserve-merges rerere-autoupdate empty= keep-empty autosquash update-refs gpg-sign autostash exec= allow-empty-message rebase-merges fork-point strategy= strategy-option= root reschedule-failed-exec reapply-cherry-picks verify stat ff no-onto no-keep-base no-quiet no-verbose no-signoff no-committer-date-is-author-date no-reset-author-date no-ignore-date no-ignore-whitespace no-whitespace no-force-rebase no-preserve-merges no-rerere-autoupdate no-keep-empty no-autosquash no-update-refs no-gpg-sign no-autostash no-exec no-allow-empty-message no-rebase-merges no-fork-point no-strategy no-strategy-option no-root no-reschedule-failed-exec no-reapply-cherry-picks -q/quiet -v/verbose -n/no-stat -C= -f/force-rebase -m/merge -i/interactive -S?/gpg-sign -x=/exec -r?/rebase-merges -s=/strategy -X=/strategy-option",
  "reflog show": "",
  "reflog expire":
    "dry-run rewrite updateref verbose expire= expire-unreachable= stale-fix all single-worktree no-dry-run no-rewrite no-updateref no-verbose no-stale-fix no-all no-single-worktree -\u0001/single-worktree",
  "reflog delete":
    "dry-run rewrite updateref verbose no-dry-run no-rewrite no-updateref no-verbose",
  "reflog exists": "",
  remote: "verbose no-verbose -v/verbose",
  "remote add":
    "fetch tags track= master= mirror no-fetch no-tags no-track no-master no-mirror -f/fetch -t=/track -m=/master",
  "remote rename": "progress no-progress",
  "remote rm": "",
  "remote remove": "",
  "remote set-head": "auto delete no-auto no-delete -a/auto -d/delete",
  "remote set-branches": "add no-add",
  "remote get-url": "push all no-push no-all",
  "remote set-url": "push add delete no-push no-add no-delete",
  "remote show": "-n",
  "remote prune": "dry-run no-dry-run -n/dry-run",
  "remote update": "prune no-prune -p/prune",
  repack:
    "cruft cruft-expiration= quiet local write-bitmap-index delta-islands unpack-unreachable= keep-unreachable window= window-memory= depth= threads= max-pack-size= pack-kept-objects keep-pack= geometric= write-midx expire-to= no-cruft no-cruft-expiration no-quiet no-local no-write-bitmap-index no-delta-islands no-unpack-unreachable no-keep-unreachable no-window no-window-memory no-depth no-threads no-max-pack-size no-pack-kept-objects no-keep-pack no-geometric no-write-midx no-expire-to -a -A -d -f -F -n -q/quiet -l/local -b/write-bitmap-index -i/delta-islands -k/keep-unreachable -g=/geometric -m/write-midx",
  replace:
    "list delete edit graft convert-graft-file force raw format= no-force no-raw no-format -l/list -d/delete -e/edit -g/graft -f/force",
  "request-pull": "-p",
  rerere: "rerere-autoupdate no-rerere-autoupdate",
  reset:
    "quiet no-refresh mixed soft hard merge keep recurse-submodules patch intent-to-add pathspec-from-file= pathspec-file-nul refresh no-quiet no-mixed no-soft no-hard no-merge no-keep no-recurse-submodules no-patch no-intent-to-add no-pathspec-from-file no-pathspec-file-nul -q/quiet -p/patch -N/intent-to-add",
  restore:
    "source= staged worktree ignore-unmerged overlay quiet recurse-submodules progress merge conflict= ours theirs patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul no-source no-staged no-worktree no-ignore-unmerged no-overlay no-quiet no-recurse-submodules no-progress no-merge no-conflict no-patch no-ignore-skip-worktree-bits no-pathspec-from-file no-pathspec-file-nul -2/ours -3/theirs -s=/source -S/staged -W/worktree -q/quiet -m/merge -p/patch",
  "rev-list":
    "patch no-patch unified function-context raw patch-with-raw patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only name-status stat stat-width= stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color ws-error-highlight= abbrev src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= output-indicator-old= output-indicator-context= break-rewrites find-renames irreversible-delete find-copies find-copies-harder no-renames rename-empty follow minimal ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines ignore-matching-lines= indent-heuristic patience histogram diff-algorithm= anchored= word-diff word-diff-regex= color-words color-moved color-moved-ws= relative text exit-code quiet ext-diff textconv ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all pickaxe-regex rotate-to= skip-to= find-object= diff-filter= output= no-function-context no-compact-summary no-full-index no-color no-abbrev no-find-copies-harder no-rename-empty no-follow no-minimal no-ignore-matching-lines no-indent-heuristic no-color-moved no-color-moved-ws no-relative no-text no-exit-code no-quiet no-ext-diff no-textconv",
  "rev-parse": "git-completion-helper-all",
  revert:
    "quit continue abort skip cleanup= no-commit edit signoff mainline= rerere-autoupdate strategy= strategy-option= gpg-sign reference commit no-cleanup no-edit no-signoff no-mainline no-rerere-autoupdate no-strategy no-strategy-option no-gpg-sign no-reference -n/no-commit -e/edit -s/signoff -m=/mainline -X=/strategy-option -S?/gpg-sign",
  rm: "dry-run quiet cached force ignore-unmatch sparse pathspec-from-file= pathspec-file-nul no-dry-run no-quiet no-cached no-force no-ignore-unmatch no-sparse no-pathspec-from-file no-pathspec-file-nul -n/dry-run -q/quiet -f/force -r",
  "send-pack":
    "verbose quiet receive-pack= exec= remote= all dry-run mirror force signed push-option= progress thin atomic stateless-rpc stdin helper-status force-with-lease force-if-includes no-verbose no-quiet no-receive-pack no-exec no-remote no-all no-dry-run no-mirror no-force no-signed no-push-option no-progress no-thin no-atomic no-stateless-rpc no-stdin no-helper-status no-force-with-lease no-force-if-includes -v/verbose -q/quiet -n/dry-run -f/force",
  shortlog:
    "committer numbered summary email group= no-committer no-numbered no-summary no-email no-group -c/committer -n/numbered -s/summary -e/email -w?",
  show: "quiet source use-mailmap mailmap clear-decorations decorate-refs= decorate-refs-exclude= decorate no-quiet no-source no-use-mailmap no-mailmap no-decorate-refs no-decorate-refs-exclude no-decorate -q/quiet -L=",
  "show-branch":
    "all remotes color more list no-name current sha1-name merge-base independent topo-order topics sparse date-order reflog name no-all no-remotes no-color no-more no-list no-current no-sha1-name no-merge-base no-independent no-topo-order no-topics no-sparse no-date-order -a/all -r/remotes -g?/reflog",
  "show-index": "object-format= no-object-format",
  "show-ref":
    "tags heads verify head dereference hash abbrev quiet exclude-existing no-tags no-heads no-verify no-head no-dereference no-hash no-abbrev no-quiet -d/dereference -s?/hash -q/quiet",
  "sparse-checkout init": "cone sparse-index no-cone no-sparse-index",
  "sparse-checkout set": "cone sparse-index skip-checks stdin no-cone no-sparse-index",
  "sparse-checkout disable": "",
  stage:
    "dry-run verbose interactive patch edit force update renormalize intent-to-add all ignore-removal refresh ignore-errors ignore-missing sparse chmod= warn-embedded-repo pathspec-from-file= pathspec-file-nul no-dry-run no-verbose no-interactive no-patch no-edit no-force no-update no-renormalize no-intent-to-add no-all no-ignore-removal no-refresh no-ignore-errors no-ignore-missing no-sparse no-chmod no-warn-embedded-repo no-pathspec-from-file no-pathspec-file-nul -n/dry-run -v/verbose -i/interactive -p/patch -e/edit -f/force -u/update -N/intent-to-add -A/all",
  "stash apply": "quiet index no-quiet no-index -q/quiet",
  "stash clear": "",
  "stash drop": "quiet no-quiet -q/quiet",
  "stash pop": "quiet index no-quiet no-index -q/quiet",
  "stash branch": "",
  "stash list": "",
  "stash show": "include-untracked only-untracked no-include-untracked -u/include-untracked",
  "stash store": "quiet message= no-quiet no-message -q/quiet -m=/message",
  "stash create": "",
  "stash push":
    "keep-index staged patch quiet include-untracked all message= pathspec-from-file= pathspec-file-nul no-keep-index no-staged no-patch no-quiet no-include-untracked no-all no-message no-pathspec-from-file no-pathspec-file-nul -k/keep-index -S/staged -p/patch -q/quiet -u/include-untracked -a/all -m=/message",
  "stash save":
    "keep-index staged patch quiet include-untracked all message= no-keep-index no-staged no-patch no-quiet no-include-untracked no-all no-message -k/keep-index -S/staged -p/patch -q/quiet -u/include-untracked -a/all -m=/message",
  status:
    "verbose short branch show-stash ahead-behind porcelain long null untracked-files ignored ignore-submodules column no-renames find-renames renames no-verbose no-short no-branch no-show-stash no-ahead-behind no-porcelain no-long no-null no-untracked-files no-ignored no-ignore-submodules no-column -v/verbose -s/short -b/branch -z/null -u?/untracked-files -M?/find-renames",
  stripspace: "strip-comments comment-lines -s/strip-comments -c/comment-lines",
  "submodule--helper clone":
    "prefix= path= name= url= reference= dissociate depth= quiet progress require-init single-branch filter= no-prefix no-path no-name no-url no-reference no-dissociate no-depth no-quiet no-progress no-require-init no-single-branch no-filter -q/quiet",
  "submodule--helper add":
    "branch= force quiet progress reference= dissociate name= depth= no-branch no-force no-quiet no-progress no-reference no-dissociate no-name no-depth -b=/branch -f/force -q/quiet",
  "submodule--helper update":
    "force init remote recursive no-fetch checkout merge rebase reference= dissociate depth= jobs= recommend-shallow quiet progress require-init single-branch filter= fetch no-force no-init no-remote no-recursive no-checkout no-merge no-rebase no-reference no-dissociate no-depth no-jobs no-recommend-shallow no-quiet no-progress no-require-init no-single-branch no-filter -f/force -N/no-fetch -m/merge -r/rebase -j=/jobs -q/quiet",
  "submodule--helper foreach": "quiet recursive no-quiet no-recursive -q/quiet",
  "submodule--helper init": "quiet no-quiet -q/quiet",
  "submodule--helper status": "quiet cached recursive no-quiet no-cached no-recursive -q/quiet",
  "submodule--helper sync": "quiet recursive no-quiet no-recursive -q/quiet",
  "submodule--helper deinit": "quiet force all no-quiet no-force no-all -q/quiet -f/force",
  "submodule--helper summary":
    "cached files for-status summary-limit= no-cached no-files no-for-status no-summary-limit -n=/summary-limit",
  "submodule--helper absorbgitdirs": "",
  "submodule--helper set-url": "quiet no-quiet -q/quiet",
  "submodule--helper set-branch":
    "quiet default branch= no-quiet no-default no-branch -d/default -b=/branch",
  "submodule--helper create-branch":
    "quiet force create-reflog track dry-run no-quiet no-force no-create-reflog no-track no-dry-run -q/quiet -f/force -t?/track -n/dry-run",
  subtree:
    "help prefix= annotate= branch= ignore-joins onto= rejoin squash message= no-prefix no-annotate no-branch no-ignore-joins no-onto no-rejoin no-squash no-message -h/help -q -d -P=/prefix -b=/branch -m=/message",
  switch:
    "create= force-create= guess discard-changes quiet recurse-submodules progress merge conflict= detach track force orphan= overwrite-ignore ignore-other-worktrees no-create no-force-create no-guess no-discard-changes no-quiet no-recurse-submodules no-progress no-merge no-conflict no-detach no-track no-force no-orphan no-overwrite-ignore no-ignore-other-worktrees -c=/create -C=/force-create -q/quiet -m/merge -d/detach -t?/track -f/force",
  "symbolic-ref":
    "quiet delete short recurse no-quiet no-delete no-short no-recurse -q/quiet -d/delete -m=",
  tag: "list delete verify annotate message= file= edit sign cleanup= local-user= force create-reflog column contains no-contains with without merged no-merged sort= points-at format= color ignore-case no-annotate no-file no-edit no-sign no-cleanup no-local-user no-force no-create-reflog no-column no-sort no-points-at no-format no-color no-ignore-case -l/list -n? -d/delete -v/verify -a/annotate -m=/message -F=/file -e/edit -s/sign -u=/local-user -f/force -i/ignore-case",
  "update-index":
    "ignore-submodules add replace remove unmerged refresh really-refresh cacheinfo chmod= assume-unchanged no-assume-unchanged skip-worktree no-skip-worktree ignore-skip-worktree-entries info-only force-remove stdin index-info unresolve again ignore-missing verbose clear-resolve-undo index-version= split-index untracked-cache test-untracked-cache force-untracked-cache force-write-index fsmonitor fsmonitor-valid no-fsmonitor-valid no-ignore-submodules no-add no-replace no-remove no-unmerged no-ignore-skip-worktree-entries no-info-only no-force-remove no-ignore-missing no-verbose no-index-version no-split-index no-untracked-cache no-test-untracked-cache no-force-untracked-cache no-force-write-index no-fsmonitor -q -z -g/again",
  "update-ref": "no-deref stdin create-reflog deref no-stdin no-create-reflog -m= -d -z",
  "update-server-info": "force no-force -f/force",
  "verify-commit": "verbose raw no-verbose no-raw -v/verbose",
  "verify-pack":
    "verbose stat-only object-format= no-verbose no-stat-only no-object-format -v/verbose -s/stat-only",
  "verify-tag": "verbose raw format= no-verbose no-raw no-format -v/verbose",
  version: "build-options no-build-options",
  whatchanged:
    "quiet source use-mailmap mailmap clear-decorations decorate-refs= decorate-refs-exclude= decorate no-quiet no-source no-use-mailmap no-mailmap no-decorate-refs no-decorate-refs-exclude no-decorate -q/quiet -L=",
  "worktree add":
    "force detach checkout lock reason= quiet track guess-remote no-force no-detach no-checkout no-lock no-reason no-quiet no-track no-guess-remote -f/force -b= -B= -d/detach -q/quiet",
  "worktree prune": "dry-run verbose expire= no-dry-run no-verbose no-expire -n/dry-run -v/verbose",
  "worktree list": "porcelain verbose expire= no-porcelain no-verbose no-expire -v/verbose -z",
  "worktree lock": "reason= no-reason",
  "worktree unlock": "",
  "worktree move": "force no-force -f/force",
  "worktree remove": "force no-force -f/force",
  "worktree repair": "",
  "write-tree": "missing-ok prefix= ignore-cache-tree no-missing-ok no-prefix no-ignore-cache-tree",
};

/**
 * Subcommands whose table is not all they accept: the options of revision walking and diffs,
 * settings of newer gits (config), a format's own options (archive). A long option their table
 * does not know is no sign of an unread one.
 */
const OPEN_TABLES: ReadonlySet<string> = new Set([
  ...["annotate", "archive", "blame", "cherry", "config", "diff", "range-diff", "shortlog"],
  "stash",
]);

/**
 * Subcommands that hand the options they do not know to the revision walk, which takes no
 * abbreviation (git 2.39: `git log --qui`, `git format-patch --stdou`, `git bundle create x
 * --qui` are refused): only an exact name is an option.
 */
const EXACT_TABLES: ReadonlySet<string> = new Set([
  ...["bundle", "diff-files", "diff-index", "diff-tree", "difftool", "fast-export"],
  ...["format-patch", "log", "reflog", "rev-list", "rev-parse", "show", "whatchanged"],
]);

interface OptionTable {
  /** Long names (negated ones and the positive form of a `no-` option included): takes a value. */
  readonly longs: ReadonlyMap<string, boolean>;
  /** Short letters: `""` no value, `"="` a value, `"?"` an attached optional value. */
  readonly shorts: ReadonlyMap<string, string>;
  /** The long option a short letter is another spelling of (`m` of `message`). */
  readonly shortNames: ReadonlyMap<string, string>;
}

function parseSpec(specs: readonly string[]): OptionTable {
  const longs = new Map<string, boolean>();
  const shorts = new Map<string, string>();
  const shortNames = new Map<string, string>();
  for (const spec of specs) {
    for (const token of spec.split(" ")) {
      if (token === "") continue;
      if (token.startsWith("-")) {
        const [arity, name] = token.slice(2).split("/");
        shorts.set(token[1] as string, arity ?? "");
        if (name !== undefined) shortNames.set(token[1] as string, name);
        continue;
      }
      const value = token.endsWith("=");
      const name = value ? token.slice(0, -1) : token;
      longs.set(name, value || longs.get(name) === true);
    }
  }
  // An option named `no-X` is also spelled `--X` (its negation, which takes no value).
  for (const name of [...longs.keys()]) {
    if (name.startsWith("no-") && !longs.has(name.slice(3))) longs.set(name.slice(3), false);
  }
  return { longs, shorts, shortNames };
}

/**
 * Long options of gits newer than the table's 2.39 (release notes 2.40 to 2.49): known, so a
 * command that uses them is not taken for one naming an option nobody can read. Adding a name
 * only ever makes a prefix ambiguous, never reads one as a less harmful option.
 */
const NEWER: Readonly<Record<string, string>> = {
  clone: "revision= ref-format= no-revision",
  init: "ref-format=",
  fetch: "porcelain no-porcelain",
  "worktree add": "orphan",
  "show-ref": "exists",
  "for-each-ref": "include-root-refs",
  repack: "filter= filter-to= no-filter no-filter-to",
  "cat-file": "filter= no-filter",
  "maintenance run": "detach no-detach",
  "merge-tree": "merge-base= quiet no-quiet",
};

const tables = new Map<string, OptionTable | null>();
// A subcommand's own options (without its actions'), read once, for finding its action.
const ownTables = new Map<string, OptionTable>();

// The actions of each subcommand that has some (`stash` → `stash push`, `stash list`, …),
// gathered once: every git unit asks for them.
let actionKeys: Map<string, string[]> | undefined;

function actionsOf(name: string): readonly string[] {
  if (actionKeys === undefined) {
    actionKeys = new Map();
    for (const key of Object.keys(TABLE)) {
      const space = key.indexOf(" ");
      if (space === -1) continue;
      const head = key.slice(0, space);
      const list = actionKeys.get(head) ?? [];
      list.push(key);
      actionKeys.set(head, list);
    }
  }
  return actionKeys.get(name) ?? [];
}

/** The table of a subcommand, for the action its words name (`stash push`), or null. */
function tableFor(name: string, args: readonly Word[]): OptionTable | null {
  const own = TABLE[name];
  const actions = actionsOf(name);
  if (own === undefined && actions.length === 0) return null;
  const found = actions.length === 0 ? null : gitAction(name, args);
  // `git stash -qa` (and `git stash -m list`) is `git stash push …`.
  const action = found === null && name === "stash" ? "push" : (found ?? undefined);
  const key = action === undefined ? name : `${name} ${action}`;
  const cached = tables.get(key);
  if (cached !== undefined) return cached;
  const specs = [own ?? "", NEWER[name] ?? ""];
  if (action !== undefined) specs.push(TABLE[`${name} ${action}`] ?? "", NEWER[key] ?? "");
  else for (const other of actions) specs.push(TABLE[other] ?? "", NEWER[other] ?? "");
  const table = parseSpec(specs);
  tables.set(key, table);
  return table;
}

/**
 * Subcommands whose parse-options keeps an unknown option for the default action and stops
 * there (PARSE_OPT_SUBCOMMAND_OPTIONAL with PARSE_OPT_KEEP_UNKNOWN_OPT): `git stash -m x` is
 * `git stash push -m x`, whatever word follows.
 */
const DEFAULT_ON_OPTION: ReadonlySet<string> = new Set(["stash", "reflog"]);

/**
 * The action word of a subcommand with actions (`stash push`, `notes edit`, `remote add`),
 * found as git finds it: the first word that is no option and no option's value, the options
 * before it read by the subcommand's own table (`git notes --ref list edit` is `edit`; `git
 * stash -m list` is stash's default action, push, with the message `list`). Null when there is
 * none (the default action, or a word that names no action); undefined when it cannot be known
 * (a computed word, or an option the subcommand's own table does not know).
 *
 * @example
 * gitAction("notes", words("--ref list edit")); // "edit"
 */
export function gitAction(name: string, args: readonly Word[]): string | null | undefined {
  const names = new Set(actionsOf(name).map((key) => key.slice(name.length + 1)));
  let own = ownTables.get(name);
  if (own === undefined) {
    own = parseSpec([TABLE[name] ?? "", NEWER[name] ?? ""]);
    ownTables.set(name, own);
  }
  const unknown = DEFAULT_ON_OPTION.has(name) ? null : undefined;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (!word.literal) return undefined;
    if (text === "--" || text === "--end-of-options") return null;
    if (!text.startsWith("-") || text === "-") return names.has(text) ? text : null;
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const found = resolveLong(own, text.slice(2, eq === -1 ? undefined : eq));
      if (typeof found === "string") return unknown;
      if (eq === -1 && own.longs.get(found.name) === true) i++;
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const arity = own.shorts.get(text[k] as string);
      if (arity === undefined) return unknown;
      if (arity === "?") break;
      if (arity === "=") {
        if (k + 1 === text.length) i++;
        break;
      }
    }
  }
  return null;
}

/**
 * Whether the long option `written` (as written, or a unique prefix) of subcommand `key`
 * (`fetch`, `remote add`) takes the next word as its value: an exact name wins over the longer
 * names it starts (`--recurse-submodules` is not `--recurse-submodules-default=`), and an
 * option whose value is optional takes only an attached one. Undefined when the table does not
 * know the subcommand, or the option is ambiguous or unknown.
 */
export function gitLongTakesValue(key: string, written: string): boolean | undefined {
  const [name, action] = key.split(" ") as [string, string | undefined];
  if (TABLE[key] === undefined) return undefined;
  const table = tableFor(name, action === undefined ? [] : [wordFromText(action)]);
  if (table === null) return undefined;
  const found = EXACT_TABLES.has(name)
    ? table.longs.has(written)
      ? { name: written }
      : "unknown"
    : resolveLong(table, written);
  return typeof found === "string" ? undefined : table.longs.get(found.name) === true;
}

/**
 * Whether the short letter `letter` of subcommand `key` takes a value (the rest of its
 * cluster or the next word): undefined when the table does not know the subcommand or the
 * letter, and for a letter whose value is optional (attached only).
 */
export function gitShortTakesValue(key: string, letter: string): boolean | undefined {
  const [name, action] = key.split(" ") as [string, string | undefined];
  if (TABLE[key] === undefined) return undefined;
  const table = tableFor(name, action === undefined ? [] : [wordFromText(action)]);
  const arity = table?.shorts.get(letter);
  return arity === undefined || arity === "?" ? undefined : arity === "=";
}

/** A switch only known at run time, in a list of switches: it may be any switch. */
export const COMPUTED_SWITCH = "\u0000computed";

/**
 * The option words of a subcommand (`name`: `clean`, `apply`; its words after the subcommand,
 * clusters and negations as the caller has them) before `--`, without the values git's option
 * table gives them a word for: `clean -e -n` excludes the name `-n`, `apply --exclude --check`
 * applies, and `rm -- -n x` removes `-n`. A word only known at run time stands as
 * {@link COMPUTED_SWITCH}; a plain string is literal.
 */
export function gitSwitches(name: string, words: readonly (Word | string)[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word | string;
    if (typeof word !== "string" && !word.literal) {
      out.push(COMPUTED_SWITCH);
      continue;
    }
    const text = typeof word === "string" ? word : word.text;
    if (text === "--") break;
    if (!text.startsWith("-") || text === "-") continue;
    out.push(text);
    const takes = text.startsWith("--")
      ? !text.includes("=") && gitLongTakesValue(name, text.slice(2)) === true
      : text.length === 2 && gitShortTakesValue(name, text.slice(1)) === true;
    if (takes) i++;
  }
  return out;
}

/** What a long option as written names: itself, the one option it abbreviates, or neither. */
function resolveLong(
  table: OptionTable,
  written: string,
): { name: string } | "ambiguous" | "unknown" {
  if (table.longs.has(written)) return { name: written };
  const matches = [...table.longs.keys()].filter((name) => name.startsWith(written));
  if (matches.length === 1) return { name: matches[0] as string };
  return matches.length === 0 ? "unknown" : "ambiguous";
}

/** A piece of a word as a word of its own, starting at `from`, with its text `text`. */
function piece(word: Word, from: number, text: string): Word {
  return {
    ...word,
    text,
    pattern: null,
    leadingVariable: null,
    start: word.start < 0 ? word.start : word.start + from,
  };
}

/** The words of a git subcommand as git reads them, and whether an option was unreadable. */
export interface GitOptionWords {
  /** Every option spelled out, every cluster split (what git may read or open). */
  readonly args: Word[];
  /**
   * The same without the options a later one switched off again (`-n` before `--no-dry-run`,
   * `-m x` before `--no-message`, `--tool-help` before `--no-tool-help`): what git does.
   */
  readonly effective: Word[];
  /** The operands among them: no option, no option's value (computed words included). */
  readonly operands: Word[];
  /** A long option git would refuse (ambiguous), or one the table does not know. */
  readonly unresolved: boolean;
  /**
   * Words only known at run time whose role git's reading cannot fix: before `--`, one that
   * may be an option (`git log "$o"` with o=--output=.env), or one that may become several
   * words, an option's value included (`git log -n $(printf '1 --output=x')`).
   */
  readonly unknown: Word[];
}

/** The option a name switches off again: `no-X` of `X`, `X` of an option named `no-X`. */
function opposite(name: string): string {
  return name.startsWith("no-") ? name.slice(3) : `no-${name}`;
}

/**
 * The arguments of subcommand `name` with every option in one spelling: long options spelled
 * out (`--forc=x` as `--force=x`), clusters split into single letters (`-qem x` as
 * `-q -e -m x`), a value attached to a letter that takes one cut off as the next word
 * (`-f.env` as `-f .env`). Values and operands stay as written, and so does everything after
 * `--`. Computed words are left as they are (the callers judge them). The last of an option
 * and its negation decides (parse-options sets one variable for both).
 *
 * @example
 * gitOptionWords("stash", words("push --al")).args; // push --all
 */
export function gitOptionWords(name: string, args: readonly Word[]): GitOptionWords {
  const table = tableFor(name, args);
  if (table === null) {
    const operands = args.filter((word) => !word.literal || !/^-./.test(word.text));
    const end = args.findIndex((word) => word.literal && /^--(end-of-options)?$/.test(word.text));
    const unknown = (end === -1 ? args : args.slice(0, end)).filter(
      (word) => mayBeSeveral(word) || mayBeOption(word),
    );
    return { args: [...args], effective: [...args], operands, unresolved: false, unknown };
  }
  // Each option with its value words, under the long name it sets (`-m` is `message`).
  const groups: { name: string | null; words: Word[]; off?: true }[] = [];
  const operands: Word[] = [];
  const unknown: Word[] = [];
  let unresolved = false;
  const add = (option: string | null, ...words: Word[]) => {
    if (option !== null) {
      const off = opposite(option);
      for (const group of groups) if (group.name === off) group.off = true;
    }
    groups.push({ name: option, words });
    // An option's separate value only known at run time may split into more options.
    if (option !== null) {
      for (const value of words.slice(1)) if (mayBeSeveral(value)) unknown.push(value);
    }
  };
  // A literal start that begins with `-` decides the option when it spells a long option up
  // to its `=`, or a cluster that reaches a letter taking a value (`-m$msg`, `-qm"$msg"`).
  const fixed = (start: string) => {
    if (longValue(start)) return true;
    if (!/^-[^-]/.test(start)) return false;
    for (const letter of start.slice(1)) {
      const arity = table.shorts.get(letter);
      if (arity === undefined) return false;
      if (arity !== "") return true;
    }
    return false;
  };
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    // A cluster written out up to a letter that takes a value, the value computed
    // (`-f"$x"`, `-lf"$(cat f)"`): the letters as options and the rest as that letter's value.
    const cluster = word.literal ? null : computedCluster(word, table);
    if (cluster !== null) {
      for (const [option, ...words] of cluster) add(option as string, ...(words as Word[]));
      continue;
    }
    if (!word.literal || !text.startsWith("-") || text === "-") {
      if (!word.literal && (mayBeSeveral(word) || mayBeOption(word, fixed))) unknown.push(word);
      add(null, word);
      operands.push(word);
      continue;
    }
    if (text === "--" || text === "--end-of-options") {
      add(null, ...args.slice(i));
      operands.push(...args.slice(i + 1));
      break;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      // parse-options' own: the usage text, and the word lists of shell completion.
      if (/^(help|help-all|git-completion-helper(-all)?)$/.test(written)) {
        add(null, word);
        continue;
      }
      const found = EXACT_TABLES.has(name)
        ? table.longs.has(written)
          ? { name: written }
          : "exact"
        : resolveLong(table, written);
      if (typeof found === "string") {
        if (found === "ambiguous" || (found === "unknown" && !OPEN_TABLES.has(name))) {
          unresolved = true;
        }
        add(null, word);
        continue;
      }
      const spelled =
        found.name === written
          ? word
          : piece(word, 0, `--${found.name}${eq === -1 ? "" : text.slice(eq)}`);
      // A value not attached with `=` is the next word.
      if (eq === -1 && table.longs.get(found.name) === true && i + 1 < args.length) {
        add(found.name, spelled, args[++i] as Word);
      } else {
        add(found.name, spelled);
      }
      continue;
    }
    if (text.length === 2 && table.shorts.get(text[1] as string) !== "=") {
      add(table.shortNames.get(text[1] as string) ?? text, word);
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      const arity = table.shorts.get(letter);
      const option = table.shortNames.get(letter) ?? `-${letter}`;
      if (arity === undefined) {
        // git stops with "unknown switch" (or reads a number, `-3`): the rest as written.
        add(null, k === 1 ? word : piece(word, k - 1, `-${text.slice(k)}`));
        break;
      }
      if (arity === "?") {
        add(option, piece(word, k - 1, `-${text.slice(k)}`));
        break;
      }
      const alone = text.length === 2 ? word : piece(word, k - 1, `-${letter}`);
      if (arity !== "=") {
        add(option, alone);
        continue;
      }
      if (k + 1 < text.length) add(option, alone, piece(word, k + 1, text.slice(k + 1)));
      else if (i + 1 < args.length) add(option, alone, args[++i] as Word);
      else add(option, alone);
      break;
    }
  }
  // `args` keeps what a later option switched off: git may have read it first.
  return {
    args: groups.flatMap((group) => group.words),
    effective: groups.flatMap((group) => (group.off ? [] : group.words)),
    operands,
    unresolved,
    unknown,
  };
}

/**
 * A word only known at run time whose written-out start is a cluster of short options that
 * reaches a letter taking a value (`-f"$x"`, `-lf"$(cat f)"`, `-zF"${m:-.env}"`): git reads
 * the letters as options and the rest of the word, whatever it expands to, as that letter's
 * value (R22 git-attached-computed, traced: `git config -lf"${x:-/home/user/.ssh/id_rsa}"`
 * read id_rsa). Each option as a group (its long name first, then its words: the letter
 * written alone, and the value); null when the start does not decide the cluster so (a
 * letter the table does not know, an optional value, the expansion among the letters), or
 * the word may split into several (its reading is left to the callers as before).
 */
function computedCluster(word: Word, table: OptionTable): (string | Word)[][] | null {
  const pieces = word.pieces;
  if (pieces === undefined || word.splittable || word.brace) return null;
  if (pieces.map((piece) => piece.text).join("") !== word.text) return null;
  let start = "";
  let first = 0;
  for (; first < pieces.length && (pieces[first] as Piece).kind !== "expansion"; first++) {
    start += (pieces[first] as Piece).text;
  }
  if (first === pieces.length || !/^-[^-]/.test(start)) return null;
  const groups: (string | Word)[][] = [];
  for (let k = 1; k < start.length; k++) {
    const letter = start[k] as string;
    const arity = table.shorts.get(letter);
    if (arity === undefined || arity === "?") return null;
    const option = table.shortNames.get(letter) ?? `-${letter}`;
    const alone = wordFromText(`-${letter}`, { start: word.start < 0 ? -1 : word.start + k - 1 });
    if (arity === "") {
      groups.push([option, alone]);
      continue;
    }
    // The value: the rest of the start (plain text) and every piece from the expansion on.
    let rest = start.length - (k + 1);
    const after: Piece[] = [];
    for (let p = first - 1; p >= 0 && rest > 0; p--) {
      const piece = pieces[p] as Piece;
      const take = Math.min(rest, piece.text.length);
      // Plain text of a word that holds no active glob or brace: quoted text, as bash reads it.
      after.unshift({ kind: "quoted", text: piece.text.slice(piece.text.length - take) });
      rest -= take;
    }
    after.push(...pieces.slice(first));
    const from = k + 1;
    const value: Word = {
      ...word,
      text: word.text.slice(from),
      tilde: false,
      pattern: null,
      leadingVariable: null,
      pieces: after,
      start: word.start < 0 ? word.start : word.start + from,
    };
    groups.push([option, alone, value]);
    return groups;
  }
  return null;
}

/** A git subcommand's options as a bash pattern's reader needs them (see option-synonyms). */
export interface GitOptionNames {
  /** The table read (`reset`, `stash push`). */
  readonly key: string;
  /** Every long option name (no `--`), negations included. */
  readonly longs: readonly string[];
  /** Whether a unique prefix of a long option stands for it (not the revision-walk commands). */
  readonly abbreviations: boolean;
  /** Short letters that take a value (the rest of their cluster or the next word). */
  readonly valueLetters: string;
  /** Short letters whose value is only the rest of their cluster (`-n5`, `-S<key>`). */
  readonly optionalLetters: string;
  /** Short letters and the long option each is another spelling of (`n` of `no-verify`). */
  readonly letters: ReadonlyMap<string, string>;
}

/**
 * The option names of git subcommand `name` given its words (for the action: `stash push`),
 * or null when the table does not know it.
 *
 * @example
 * gitOptionNames("commit", [])?.letters.get("n"); // "no-verify"
 */
export function gitOptionNames(name: string, args: readonly string[]): GitOptionNames | null {
  const words = args.map((text) => wordFromText(text));
  const table = tableFor(name, words);
  if (table === null) return null;
  const found = actionsOf(name).length === 0 ? null : gitAction(name, words);
  const action = found === null && name === "stash" ? "push" : found;
  let valueLetters = "";
  let optionalLetters = "";
  for (const [letter, arity] of table.shorts) {
    if (arity === "=") valueLetters += letter;
    if (arity === "?") optionalLetters += letter;
  }
  return {
    key: typeof action === "string" ? `${name} ${action}` : name,
    longs: [...table.longs.keys()],
    abbreviations: !EXACT_TABLES.has(name),
    valueLetters,
    optionalLetters,
    letters: table.shortNames,
  };
}
