/**
 * The browser tests, as one test file: they run one after the other (each drives its own dev
 * server and Chromium, which must not compete with another), while the other worker runs the rest
 * of the suite beside them. Two files in a project without file parallelism would instead wait
 * for every other test to finish (Vitest runs such a project in a group of its own, after the
 * others), leaving one core idle for their whole length.
 */
import './editor.e2e'
import './play.e2e'
