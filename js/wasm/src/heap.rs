//! The module's memory allocator, in place of the standard library's
//! (dlmalloc, about 5 KB of the gzipped module): blocks whose sizes are
//! powers of two, each size with a list of freed blocks to reuse, carved
//! from memory the module grows. A freed block goes back to its size's
//! list, never to another size, which costs some memory in a long session
//! of mixed sizes but keeps the code small; the module's allocations are
//! a game's lists and texts, which mostly come back in the same sizes.
//!
//! WebAssembly without threads runs one thread: the heap's state needs no
//! lock.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32::memory_grow;
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// WebAssembly's page size.
const PAGE: usize = 65_536;
/// Pages the heap grows by at least.
const GROWTH: usize = 16;
/// Block sizes are `1 << class` bytes, from 8 (room for the free list's
/// link) up to half the address space.
const CLASSES: usize = usize::BITS as usize;

struct Heap {
    /// The first freed block of each size (its first word links to the
    /// next), 0 for none.
    free: [usize; CLASSES],
    /// Where the next new block may start, and where grown memory ends.
    next: usize,
    end: usize,
}

/// The allocator (see the module documentation).
pub struct Allocator(UnsafeCell<Heap>);

// Safety: the module runs on one thread (wasm32 without threads).
unsafe impl Sync for Allocator {}

impl Allocator {
    /// An allocator with nothing allocated yet.
    pub const fn new() -> Allocator {
        Allocator(UnsafeCell::new(Heap { free: [0; CLASSES], next: 0, end: 0 }))
    }
}

/// The size class of `layout`: its size and alignment rounded up to a
/// power of two of at least 8 bytes (`None` past the largest).
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size().max(layout.align()).max(8).checked_next_power_of_two()?;
    let class = size.trailing_zeros() as usize;
    (class < CLASSES - 1).then_some(class)
}

impl Heap {
    /// A new block of `1 << class` bytes, aligned to its size (up to a
    /// page), from grown memory; null when memory cannot grow.
    fn carve(&mut self, class: usize) -> *mut u8 {
        let size = 1usize << class;
        let align = size.min(PAGE);
        let start = (self.next + align - 1) & !(align - 1);
        if start >= self.next && start.checked_add(size).is_some_and(|end| end <= self.end) {
            self.next = start + size;
            return start as *mut u8;
        }
        let pages = (size / PAGE + 1).max(GROWTH);
        let old = memory_grow(0, pages);
        if old == usize::MAX {
            return null_mut();
        }
        // Memory grows in one piece: new pages follow the old ones, so the
        // heap's end moves on unless another part of the module grew it.
        if old * PAGE != self.end {
            self.next = old * PAGE;
        }
        self.end = (old + pages) * PAGE;
        self.carve(class)
    }
}

unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = class_of(layout) else {
            return null_mut();
        };
        // Safety: one thread, and no call of the heap is reentrant.
        let heap = unsafe { &mut *self.0.get() };
        let block = heap.free[class];
        if block == 0 {
            return heap.carve(class);
        }
        // Safety: a freed block of this class holds the link it was given.
        heap.free[class] = unsafe { *(block as *const usize) };
        block as *mut u8
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(class) = class_of(layout) else {
            return;
        };
        // Safety: one thread; `ptr` is a block of this class (the layout
        // it was allocated with), at least 8 bytes and aligned to them.
        unsafe {
            let heap = &mut *self.0.get();
            *(ptr as *mut usize) = heap.free[class];
            heap.free[class] = ptr as usize;
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // Safety: the caller's contract (`layout` is `ptr`'s, `new_size`
        // valid for its alignment).
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class_of(layout).is_some() && class_of(layout) == class_of(new_layout) {
            return ptr;
        }
        // Safety: as `GlobalAlloc::realloc`'s default, which this is.
        unsafe {
            let new = self.alloc(new_layout);
            if !new.is_null() {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}
