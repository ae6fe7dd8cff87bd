//! The worker pool of a vector environment (the C library's, which steps
//! many games at once): `threads - 1` persistent worker threads, started
//! once when the pool is made and stopped when it is dropped, plus the
//! calling thread. [`Pool::run`] hands one job to all of
//! them (the caller runs part 0, worker `k` part `k`) and returns when every
//! part is done, so a job may borrow the caller's data. No thread is started
//! per call.
//!
//! Hand-overs spin before they sleep. A worker that finished a part watches
//! for the next job for [`Pool::spin`] (busy, with the processor's pause
//! hint) before it sleeps on a condition variable, and the caller watches for
//! the workers' parts to finish the same way. A job that follows within that
//! time (the next call of a host's stepping loop, or the second job of the
//! same call) then starts at once, with no system call; a sleeping thread
//! needs a wake-up through the kernel, which on a virtual machine whose idle
//! processors halt costs tens to hundreds of microseconds, as much as a part
//! of a step. A spin of zero sleeps at once.
//!
//! A panic in a part is caught on the thread it happens on and reported by
//! `run` as `Err` after every part is done (the pool stays usable), so no
//! panic crosses a C ABI and no worker outlives the data it borrows.
//!
//! ```
//! use marsal_host::pool::{Pool, Split, DEFAULT_SPIN, part_range};
//! let pool = Pool::new(3, DEFAULT_SPIN).expect("threads");
//! let mut squares = vec![0u64; 10];
//! let split = Split::new(&mut squares);
//! pool.run(&|part| {
//!     // SAFETY: each part takes its own range, once.
//!     let mine = unsafe { split.part(part_range(split.len(), pool.threads(), part)) };
//!     for (i, x) in mine.iter_mut().enumerate() {
//!         *x = i as u64;
//!     }
//! })
//! .expect("no part panicked");
//! assert_eq!(squares[..4], [0, 1, 2, 3]);
//! ```

use std::hint::spin_loop;
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A part of a job: called with the part's index (`0..threads`).
pub type Job<'a> = dyn Fn(usize) + Sync + 'a;

/// How long a thread of a pool watches for the next hand-over before it
/// sleeps, unless set otherwise ([`Pool::set_spin`]).
pub const DEFAULT_SPIN: Duration = Duration::from_micros(200);

/// A job with its lifetime erased. Only dereferenced by workers between the
/// moment `Pool::run` publishes it and the moment `run` has seen every worker
/// finish, while the job it points to is alive on `run`'s caller's stack.
#[derive(Clone, Copy)]
struct JobRef(*const Job<'static>);

// SAFETY: the job is `Sync` (shared by reference between threads) and alive
// while any worker can reach it (see `JobRef`).
unsafe impl Send for JobRef {}

/// What is only read or written under the lock.
struct State {
    job: Option<JobRef>,
    /// Workers asleep on `start`.
    sleepers: usize,
    /// Whether the caller is asleep on `done`.
    caller_asleep: bool,
    quit: bool,
}

struct Shared {
    state: Mutex<State>,
    /// Signalled when a job is published (and workers sleep) or the pool stops.
    start: Condvar,
    /// Signalled when the last worker finishes a job (and the caller sleeps).
    done: Condvar,
    /// Counts the jobs published; a worker runs each generation once. Only
    /// changed under the lock (so that a worker going to sleep cannot miss
    /// it), read without it while spinning.
    generation: AtomicU64,
    /// Workers still running the current job.
    running: AtomicUsize,
    /// Whether a worker's part of the current job panicked.
    panicked: AtomicBool,
    /// Set (under the lock too) when the pool stops.
    quit: AtomicBool,
    /// How long a hand-over spins before sleeping, in nanoseconds.
    spin_ns: AtomicU64,
}

impl Shared {
    /// The state; a poisoned lock is taken as it is (no code panics while
    /// holding it, and its fields are always consistent).
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Spins until `ready()` or the spin time is over: whether it became ready.
    fn spin_until(&self, ready: impl Fn() -> bool) -> bool {
        if ready() {
            return true;
        }
        let budget = Duration::from_nanos(self.spin_ns.load(Ordering::Relaxed));
        if budget.is_zero() {
            return false;
        }
        let start = Instant::now();
        loop {
            // The clock is read every 64 pauses (a microsecond or two), and
            // the processor offered to any other thread that is ready to
            // run: with more threads than free cores, the threads a job
            // waits for get the processor instead of the spinning ones.
            for _ in 0..64 {
                spin_loop();
                if ready() {
                    return true;
                }
            }
            if start.elapsed() >= budget {
                return false;
            }
            std::thread::yield_now();
        }
    }
}

/// A part of a job panicked (the panic was caught on its thread; the pool
/// is still usable).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Panicked;

/// `threads - 1` worker threads and the caller (see the module
/// documentation).
///
/// ```
/// use marsal_host::pool::{Pool, Panicked};
/// use std::time::Duration;
/// let pool = Pool::new(2, Duration::ZERO).expect("threads");
/// assert_eq!(pool.threads(), 2);
/// assert_eq!(pool.run(&|part| if part == 1 { panic!("a test") }), Err(Panicked));
/// assert_eq!(pool.run(&|_| ()), Ok(()), "still usable");
/// ```
pub struct Pool {
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
}

impl Pool {
    /// A pool of `threads` (at least 1: the caller alone, no worker) whose
    /// hand-overs spin for `spin`. Fails with the system's message when a
    /// thread cannot be started.
    pub fn new(threads: usize, spin: Duration) -> Result<Pool, String> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                job: None,
                sleepers: 0,
                caller_asleep: false,
                quit: false,
            }),
            start: Condvar::new(),
            done: Condvar::new(),
            generation: AtomicU64::new(0),
            running: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            quit: AtomicBool::new(false),
            spin_ns: AtomicU64::new(0),
        });
        let mut pool = Pool {
            shared,
            workers: Vec::new(),
        };
        pool.set_spin(spin);
        for part in 1..threads.max(1) {
            let shared = Arc::clone(&pool.shared);
            let handle = std::thread::Builder::new()
                .name(format!("marsal-env-{part}"))
                .spawn(move || work(&shared, part))
                .map_err(|e| format!("cannot start worker thread {part}: {e}"))?;
            pool.workers.push(handle);
        }
        Ok(pool)
    }

    /// The number of threads that run a job's parts (the caller included).
    pub fn threads(&self) -> usize {
        self.workers.len() + 1
    }

    /// How long a hand-over spins before its thread sleeps.
    pub fn spin(&self) -> Duration {
        Duration::from_nanos(self.shared.spin_ns.load(Ordering::Relaxed))
    }

    /// Sets how long a hand-over spins before its thread sleeps (at most
    /// about 584 years; workers already spinning keep their old budget until
    /// their next hand-over).
    pub fn set_spin(&self, spin: Duration) {
        let ns = u64::try_from(spin.as_nanos()).unwrap_or(u64::MAX);
        self.shared.spin_ns.store(ns, Ordering::Relaxed);
    }

    /// Runs `job(part)` for every part `0..threads()`, part 0 on the calling
    /// thread, and returns when all are done: `Err` when any part panicked.
    pub fn run(&self, job: &Job<'_>) -> Result<(), Panicked> {
        if self.workers.is_empty() {
            return catch_unwind(AssertUnwindSafe(|| job(0))).map_err(|_| Panicked);
        }
        let sh = &*self.shared;
        let ptr: *const Job<'_> = job;
        // SAFETY: only the lifetime changes (same fat pointer); workers use it
        // only until `running` is back to 0, which this function waits for
        // below before returning, while `job` is alive.
        let ptr: *const Job<'static> = unsafe { std::mem::transmute(ptr) };
        let sleepers = {
            let mut st = sh.lock();
            st.job = Some(JobRef(ptr));
            sh.panicked.store(false, Ordering::Relaxed);
            sh.running.store(self.workers.len(), Ordering::Relaxed);
            // Release: a worker that sees the new generation sees the job,
            // the count and the flag above.
            sh.generation.fetch_add(1, Ordering::Release);
            st.sleepers
        };
        if sleepers > 0 {
            sh.start.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(|| job(0)));
        // Acquire: the workers' writes are seen once the count is 0.
        let finished = || sh.running.load(Ordering::Acquire) == 0;
        let mut st = if sh.spin_until(finished) {
            sh.lock()
        } else {
            let mut st = sh.lock();
            st.caller_asleep = true;
            while !finished() {
                st = sh.done.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            st.caller_asleep = false;
            st
        };
        st.job = None;
        if mine.is_err() || sh.panicked.load(Ordering::Relaxed) {
            Err(Panicked)
        } else {
            Ok(())
        }
    }
}

/// A worker: runs part `part` of each job published, until the pool stops.
fn work(sh: &Shared, part: usize) {
    let mut seen = 0u64;
    loop {
        let published =
            || sh.generation.load(Ordering::Acquire) != seen || sh.quit.load(Ordering::Acquire);
        let job = {
            let st = if sh.spin_until(published) {
                sh.lock()
            } else {
                let mut st = sh.lock();
                // `generation` and `quit` change under the lock: checked
                // here, they cannot change before this thread sleeps.
                while !published() {
                    st.sleepers += 1;
                    st = sh.start.wait(st).unwrap_or_else(|e| e.into_inner());
                    st.sleepers -= 1;
                }
                st
            };
            if st.quit {
                return;
            }
            // One job a generation, and the next is not published before
            // this worker finishes this one.
            seen = sh.generation.load(Ordering::Acquire);
            st.job
        };
        let ok = match job {
            // SAFETY: published by `Pool::run`, which keeps the job alive
            // until this worker has decremented `running` below.
            Some(JobRef(p)) => catch_unwind(AssertUnwindSafe(|| unsafe { (*p)(part) })).is_ok(),
            None => true,
        };
        if !ok {
            sh.panicked.store(true, Ordering::Relaxed);
        }
        // AcqRel: this part's writes (and the flag) are seen by the caller
        // once it sees the count at 0.
        if sh.running.fetch_sub(1, Ordering::AcqRel) == 1 {
            // The caller checks the count under the lock before it sleeps:
            // taking the lock here means it is either asleep or will not sleep.
            let st = sh.lock();
            if st.caller_asleep {
                sh.done.notify_one();
            }
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        {
            let mut st = self.shared.lock();
            st.quit = true;
            self.shared.quit.store(true, Ordering::Release);
        }
        self.shared.start.notify_all();
        for w in self.workers.drain(..) {
            // A worker never panics outside a caught part; nothing to report.
            let _ = w.join();
        }
    }
}

/// The games part `part` of `parts` handles out of `n`: contiguous ranges, as
/// even as can be, in order (part 0 first).
///
/// ```
/// use marsal_host::pool::part_range;
/// assert_eq!((0..3).map(|p| part_range(10, 3, p)).collect::<Vec<_>>(), [0..4, 4..7, 7..10]);
/// ```
pub fn part_range(n: usize, parts: usize, part: usize) -> Range<usize> {
    let parts = parts.max(1);
    let (q, r) = (n / parts, n % parts);
    let start = part * q + part.min(r);
    start..start + q + usize::from(part < r)
}

/// A mutable slice shared by the parts of a job, each taking its own
/// disjoint range (see [`Split::part`]).
pub struct Split<'a, T> {
    ptr: *mut T,
    len: usize,
    _borrow: std::marker::PhantomData<&'a mut [T]>,
}

// SAFETY: parts only reach disjoint elements (the promise of `Split::part`),
// and `T: Send` lets each be used from the thread of its part.
unsafe impl<T: Send> Sync for Split<'_, T> {}

impl<'a, T> Split<'a, T> {
    /// Borrows `slice` for the parts of a job.
    pub fn new(slice: &'a mut [T]) -> Split<'a, T> {
        Split {
            ptr: slice.as_mut_ptr(),
            len: slice.len(),
            _borrow: std::marker::PhantomData,
        }
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no element.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The elements `range` (clipped to the slice).
    ///
    /// # Safety
    /// No two calls during the life of this `Split` may have overlapping
    /// ranges (each part takes its own `part_range`, once).
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn part(&self, range: Range<usize>) -> &'a mut [T] {
        let end = range.end.min(self.len);
        let start = range.start.min(end);
        // SAFETY: in bounds (clipped above), and not aliased by the caller's
        // promise; the slice is borrowed for `'a`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.add(start), end - start) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn parts_cover_every_game_once_in_order() {
        for n in 0..40 {
            for parts in 1..9 {
                let mut next = 0;
                for p in 0..parts {
                    let r = part_range(n, parts, p);
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, n);
            }
        }
    }

    #[test]
    fn every_part_runs_once_a_job_and_panics_are_reported() {
        let pool = Pool::new(3, DEFAULT_SPIN).unwrap();
        assert_eq!(pool.threads(), 3);
        let mut data = vec![0usize; 10];
        for round in 1..=50 {
            let split = Split::new(&mut data);
            let calls = AtomicUsize::new(0);
            pool.run(&|p| {
                calls.fetch_add(1, Ordering::Relaxed);
                // SAFETY: each part its own range.
                for x in unsafe { split.part(part_range(10, 3, p)) } {
                    *x += p + 1;
                }
            })
            .unwrap();
            assert_eq!(calls.load(Ordering::Relaxed), 3);
            assert_eq!(data[0], round);
            assert_eq!(data[9], 3 * round);
        }
        let r = pool.run(&|p| assert!(p != 2, "part 2 fails (a panic this test makes)"));
        assert!(r.is_err());
        assert!(pool.run(&|_| {}).is_ok(), "the pool still works");
    }

    /// Runs `jobs` jobs on `pool`, sleeping `pause` before every seventh, and
    /// checks that each ran every part once and that the parts' writes are
    /// seen when `run` returns.
    fn runs_every_part_once(pool: &Pool, jobs: usize, pause: Duration) {
        let threads = pool.threads();
        let mut data = vec![0usize; 3 * threads];
        for job in 1..=jobs {
            if job % 7 == 0 {
                std::thread::sleep(pause);
            }
            let split = Split::new(&mut data);
            pool.run(&|p| {
                // SAFETY: each part its own range.
                for x in unsafe { split.part(part_range(3 * threads, threads, p)) } {
                    *x += 1;
                }
            })
            .unwrap();
            assert!(data.iter().all(|&x| x == job), "job {job}: {data:?}");
        }
    }

    #[test]
    fn hand_overs_work_whether_threads_spin_or_sleep() {
        // Sleeping at once, spinning briefly (some hand-overs after the
        // pause find the workers asleep), and spinning longer than any pause.
        for spin in [
            Duration::ZERO,
            Duration::from_micros(50),
            Duration::from_secs(1),
        ] {
            let pool = Pool::new(3, spin).unwrap();
            assert_eq!(pool.spin(), spin);
            runs_every_part_once(&pool, 300, Duration::from_millis(1));
        }
        let pool = Pool::new(2, Duration::ZERO).unwrap();
        runs_every_part_once(&pool, 50, Duration::from_millis(1));
        pool.set_spin(Duration::from_millis(5));
        assert_eq!(pool.spin(), Duration::from_millis(5));
        runs_every_part_once(&pool, 50, Duration::from_millis(1));
    }

    #[test]
    fn a_split_has_the_length_of_its_slice_and_clips_a_part_to_it() {
        let mut five = [1u8, 2, 3, 4, 5];
        let split = Split::new(&mut five);
        assert_eq!((split.len(), split.is_empty()), (5, false));
        // SAFETY: one part, the only one taken.
        assert_eq!(unsafe { split.part(3..9) }, [4, 5]);
        let mut none: [u8; 0] = [];
        let split = Split::new(&mut none);
        assert_eq!((split.len(), split.is_empty()), (0, true));
    }

    #[test]
    fn a_spin_ends_when_its_condition_holds_or_its_time_is_over() {
        let pool = Pool::new(1, Duration::from_secs(60)).unwrap();
        // Ready at the 200th look: after a few rounds of pauses.
        let looks = AtomicUsize::new(0);
        let ready = || looks.fetch_add(1, Ordering::Relaxed) >= 200;
        assert!(pool.shared.spin_until(ready));
        pool.set_spin(Duration::from_millis(1));
        assert!(!pool.shared.spin_until(|| false));
        pool.set_spin(Duration::ZERO);
        assert!(!pool.shared.spin_until(|| false));
        assert!(pool.shared.spin_until(|| true));
    }

    /// Waits (up to ten seconds) until `pool`'s workers all sleep: whether they
    /// did, counted exactly.
    fn workers_fall_asleep(pool: &Pool) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if pool.shared.lock().sleepers == pool.threads() - 1 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        false
    }

    #[test]
    fn the_pool_counts_its_sleeping_workers_exactly_after_every_wake_up() {
        let pool = Pool::new(3, Duration::ZERO).unwrap();
        assert!(workers_fall_asleep(&pool));
        for _ in 0..3 {
            pool.run(&|_| {}).unwrap();
            assert!(workers_fall_asleep(&pool));
        }
    }

    #[test]
    fn dropping_a_pool_ends_its_worker_threads() {
        for spin in [Duration::ZERO, Duration::from_secs(100)] {
            let pool = Pool::new(3, spin).unwrap();
            pool.run(&|_| {}).unwrap();
            let shared = Arc::downgrade(&pool.shared);
            drop(pool);
            // The workers held the shared state: all of them are gone.
            assert!(shared.upgrade().is_none());
        }
    }

    #[test]
    fn a_pool_stops_its_spinning_workers_at_once() {
        let pool = Pool::new(3, Duration::from_secs(100)).unwrap();
        pool.run(&|_| {}).unwrap();
        let start = Instant::now();
        drop(pool);
        assert!(
            start.elapsed() < Duration::from_secs(50),
            "the workers saw the stop"
        );
    }
}
